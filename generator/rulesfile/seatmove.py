"""``move_all`` to a zone of another seat, ``to: {zone: ZONE, of: SEAT}``: a hand passed
to the left in a draft, a pile given away. ``of`` wraps around the table, as an effect's
own ``of`` does (seat + 1 of the last seat is seat 1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.data.yamlsrc import Loc
from generator.rulesfile.ins import Ins
from generator.rulesfile.position import Fn, Place

if TYPE_CHECKING:
    from generator.rulesfile.expr import Compiler
    from generator.rulesfile.position import Ctx, Position


@dataclass
class MoveToSeat(Ins):
    source: Place
    dest: Place
    seat: Fn  # whose zone ``dest`` is

    def run(self, st: Position, c: Ctx) -> bool:
        (pile, each), (dest, dest_each) = self.source, self.dest
        seat = self.seat(c)
        if type(seat) is not int:
            st.fail(self.loc, f"'of' names no seat: {seat!r}")
            return True
        st.move_all(pile + c.seat * each, dest + seat % st.players * dest_each)
        return True


def is_seat_zone(value: Any) -> bool:
    """Whether a destination is written as another seat's zone, ``{zone: …, of: …}``."""
    return isinstance(value, dict) and "zone" in value


def move_to_seat(x: Compiler, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
    """``move_all: PILE, to: {zone: ZONE, of: SEAT}`` (problems reported at their keys)."""
    to, at = value["to"], loc + ("to",)
    extra = [k for k in to if k not in ("zone", "of")]
    if extra:
        x.report.error(at + (extra[0],), f"another seat's zone takes zone and of, not "
                       f"'{extra[0]}'", "rules-schema", key=True)
    if "of" not in to:
        x.report.error(at, "give the seat whose zone it is: {zone: ZONE, of: SEAT}",
                       "rules-schema")
    dest = x.place(to["zone"], at + ("zone",))
    zone = x.names.zones.get(to["zone"]) if isinstance(to["zone"], str) else None
    if zone is not None and not zone.owned:
        x.report.error(at + ("zone",), f"'{to['zone']}' is shared (owner: none), the same "
                       "for every seat: name it alone, to: ZONE", "rules-schema")
    seat = x.expr(to.get("of", 0), at + ("of",))
    return MoveToSeat(loc, of, x.place(value["move_all"], loc + ("move_all",)), dest, seat)
