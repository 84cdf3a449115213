"""Drawings made from records and files: the diagram of a record or a game after a turn
(:mod:`.from_records`, which replays it), the drawings of a green task (:mod:`.green_task`),
a diagram written to a file (:mod:`.output`) and the rulebook figures (:mod:`.figures`)."""
