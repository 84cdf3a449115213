"""Proofs of two-player Palago positions: a df-pn search over turns (:mod:`.search`), the
winner's strategy as a file anyone can check (:mod:`.strategy`) and a checker that judges it
with the rules alone (:mod:`.check`)."""
