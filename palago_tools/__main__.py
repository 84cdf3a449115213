"""``python3 -m palago_tools``: the ``palago`` command, run from this source tree."""

from .cli import main

main()
