"""Format-free drawing: primitive shapes and text (:mod:`.primitives`), the bundled font's
metrics (:mod:`.metrics`) and line breaking (:mod:`.typesetting`). The renderers draw these;
nothing here knows a tile or a game."""
