"""Faces: the `gaia` command line, the interactive session, tables, the map, explain; the `bench` command (its benchmarks are in lab/)."""
