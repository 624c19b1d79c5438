"""The sixth game's folder is test data, imported only as ``mineedu.games.pebbles`` by ``test_sixth_game.py``."""

collect_ignore = ["pebbles"]
