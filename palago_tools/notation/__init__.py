"""Notation: the lark grammar, typed records with source spans, the writer and exact errors."""
