"""Faces: the `gaia` command line, the interactive session, tables, the map, explain and bench."""
