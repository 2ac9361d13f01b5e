"""File formats and notations: the site's move notation, saved games, conformance replay, site import/export."""
