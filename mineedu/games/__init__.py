"""One subpackage per game; each registers itself with ``mineedu.core.register``."""
