"""`python -m aristofarsa.cli`: the same command as the installed `aristofarsa`."""
import sys

from . import main

sys.exit(main())
