"""Page templates compiled once per server, not once per page.

Voilà builds a new exporter, hence a new Jinja environment, for every page it
renders, and each would compile the page's templates again while the server relays
no other student's click. :func:`keep_compiled` gives every Voilà environment one
shared :class:`jinja2.BytecodeCache`: a template's compiled code is kept under
its name, its file and the checksum of its source (read again on every load),
so an edited template is compiled afresh.
"""

from __future__ import annotations

from types import CodeType
from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket


class SharedBytecode(BytecodeCache):
    """Compiled templates in memory, for every environment of one kind (one server's pages).

    Each entry is a template's code object under its name, file and the checksum of its
    source: an edited template gets an entry of its own, and a code object, immutable,
    is safely shared by every page.
    """

    def __init__(self) -> None:
        self.store: dict[tuple[str, str], CodeType] = {}

    def get_bucket(self, environment: Environment, name: str, filename: str | None, source: str) -> Bucket:
        bucket = Bucket(environment, self.get_cache_key(name, filename), self.get_source_checksum(source))
        bucket.code = self.store.get((bucket.key, bucket.checksum))
        return bucket

    def set_bucket(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self.store[(bucket.key, bucket.checksum)] = bucket.code


#: Voilà's page environments (all asynchronous, all with the same extensions) share this one
PAGES = SharedBytecode()


def keep_compiled(exporter_class: Any = None, cache: SharedBytecode = PAGES) -> None:
    """Have every environment ``exporter_class`` (Voilà's exporter) creates use ``cache``."""
    if exporter_class is None:
        from voila.exporter import VoilaExporter

        exporter_class = VoilaExporter
    create = exporter_class._create_environment
    if getattr(create, "shared_bytecode", None) is cache:
        return

    def _create_environment(self: Any) -> Any:
        environment = create(self)
        environment.bytecode_cache = cache
        return environment

    _create_environment.shared_bytecode = cache  # type: ignore[attr-defined]
    exporter_class._create_environment = _create_environment
