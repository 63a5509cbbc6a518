"""`python -m aristofarsa`: the same command as the installed `aristofarsa` (and as
`python -m aristofarsa.cli`)."""
import sys

from .cli import main

sys.exit(main())
