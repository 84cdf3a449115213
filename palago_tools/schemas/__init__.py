"""The JSON Schema of the reports of ``palago replay``, ``check`` and ``analyse`` (``--json``)."""
