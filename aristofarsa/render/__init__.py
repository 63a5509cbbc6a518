"""The render layer: pure functions from results, traces and statistics to text.

One module per output format: :mod:`.text` (plain text logs and tables), :mod:`.markdown`,
:mod:`.html` (trace tables, the board, steps, the stylesheet), :mod:`.dot` and :mod:`.svg`
(effect graphs), :mod:`.seats` (seat colours, the seat ring, the card picture),
:mod:`.explain`, :mod:`.analysis`, :mod:`.plot` (matplotlib charts).

Rules of this layer (``tests/test_layers.py`` checks them): a renderer takes data and
returns a string (a plot draws on the Axes it is given); it imports the engine, formats
and ``analysis/`` but never controllers or widgets. Models hand over to it lazily, inside
one-line methods (``RoundResult.to_text`` imports :func:`.text.round_result` when called),
so the engine has no import edge up to this layer. ``pygraphviz`` may only be imported by
``render/svg.py`` and ``graphviz`` only inside ``render/``.
"""
