"""Money checks of kings-of-copper: the printed bills can pay, and give change for, every
amount the game names, and there are enough small bills to make change at the table; and
the cash-at-Finish reading leaves every chip a way to be cashed."""

from __future__ import annotations

from collections.abc import Iterator

from generator.checks import Registry, Reporter
from generator.data.yamlsrc import Loc
from generator.games.kings_of_copper.model import MONEY_EFFECTS, KingsOfCopperData

PART = Registry("kings-of-copper money")

DOLLAR_POWERS = ("peek-discount", "prospect-discount", "title-discount")
PRICES = ("start_money", "title_price", "prospect_price", "peek_price", "dig_price",
          "first_home_bonus")


def denominations(data: KingsOfCopperData) -> dict[int, int]:
    """Bill value -> copies printed."""
    bills: dict[int, int] = {}
    for piece in data.money.pieces:
        for face in piece.faces:
            bills[face.value] = bills.get(face.value, 0) + face.count
    return dict(sorted(bills.items()))


def amounts(data: KingsOfCopperData) -> Iterator[tuple[Loc, int]]:
    """Every amount of money the data names, where it is written."""
    rules = data.rules
    for key in PRICES:
        yield ("rules", key), getattr(rules, key)
    for k, price in enumerate(rules.trade.prices):
        yield ("rules", "trade", "prices", k), price
    for k, money in enumerate(rules.trade.swap_money):
        yield ("rules", "trade", "swap_money", k), money
    for stem, file in (("mining_chips", data.mining_chips),
                       ("prospecting_chips", data.prospecting_chips),
                       ("anaconda_sapphire", data.anaconda_sapphire)):
        for loc, chip in file.located_faces(stem):
            yield loc + ("value",), chip.value
    for loc, event in data.events.located_faces("events"):
        if event.effect in MONEY_EFFECTS:
            yield loc + ("amount",), event.amount
    yield from _discounted(data)


def _discounted(data: KingsOfCopperData) -> Iterator[tuple[Loc, int]]:
    """A dollar power is an amount, and so is the price it leaves to pay."""
    price = {"peek-discount": data.rules.peek_price,
             "prospect-discount": data.rules.prospect_price,
             "title-discount": data.rules.title_price}
    for loc, card in data.characters.located_faces("characters"):
        if card.power in DOLLAR_POWERS:
            yield loc + ("amount",), card.amount
            yield loc + ("amount",), max(0, price[card.power] - card.amount)


def reachable(limit: int, bills: list[int]) -> int:
    """The sums of bills up to ``limit`` (as many of each as needed), as a bit set: bit
    ``n`` is set when ``n`` can be paid. Each bill is added by doubling shifts, so the
    set is built once for every amount the game names."""
    mask = (1 << (limit + 1)) - 1
    made = 1
    for bill in bills:
        shift = bill
        while 0 < shift <= limit:
            made = (made | made << shift) & mask
            shift *= 2
    return made


def payable(amount: int, bills: list[int]) -> bool:
    """``amount`` is a sum of bills (as many of each as needed)."""
    return bool(reachable(amount, bills) >> amount & 1)


@PART.check("money-denominations",
              cite="rulebook, Setup (money) and every price and payout it names")
def money_denominations(data: KingsOfCopperData, report: Reporter) -> None:
    """Every price, payout, chip value and dollar power can be paid with the printed
    bills, and whoever pays with a larger bill can be given change."""
    bills = list(denominations(data))
    if not bills:
        return
    named = list(amounts(data))
    made = reachable(max([*bills, *(amount for _, amount in named)]), bills)

    def paid(total: int) -> bool:
        return total >= 0 and bool(made >> total & 1)
    for loc, amount in named:
        change = sorted({(b - amount % b) % b for b in bills} - {0})
        short = [c for c in change if not paid(c)]
        if amount and not paid(amount):
            report.error(loc, f"${amount} cannot be paid with bills of "
                         f"{_dollars(bills)}")
        elif amount and short:
            report.error(loc, f"${amount} paid with a larger bill needs ${short[0]} change, "
                         f"which bills of {_dollars(bills)} cannot make")


@PART.check("money-change", cite="rulebook, Setup (each player's $500; the bank)")
def money_change(data: KingsOfCopperData, report: Reporter) -> None:
    """Each player and the bank can hold a full set of change at once: of every bill,
    enough to make any amount below the next larger bill (two $10 make $20 below $25)."""
    bills = denominations(data)
    values = list(bills)
    holders = data.game.players.max + 1
    for i, value in enumerate(values[:-1]):
        need = (values[i + 1] - 1) // value * holders
        if bills[value] < need:
            report.error(_bill_loc(data, value), f"{bills[value]} bills of ${value}; "
                         f"{holders} holders ({data.game.players.max} players and the "
                         f"bank) need {need} to make change")


def _bill_loc(data: KingsOfCopperData, value: int) -> Loc:
    return next(loc + ("count",) for loc, face in data.money.located_faces("money")
                if face.value == value)


def _dollars(bills: list[int]) -> str:
    return ", ".join(f"${b}" for b in bills)


@PART.check("chips-cashable", cite="rulebook, Ladders & Finish and Cash out "
              "(the cash_at_finish reading)")
def chips_cashable(data: KingsOfCopperData, report: Reporter) -> None:
    """Under the chosen cash-at-Finish reading every chip worth money has a way to be
    cashed: at Finish, or (``blue-only``) green chips through a Character card, which
    must then be winnable."""
    if data.rules.cash_at_finish != "blue-only":
        return
    cards = sum(p.total() for p in data.characters.pieces)
    winnable = cards > 0 and data.rules.character_titles <= len(data.board.districts)
    green = any(f.value > 0 for p in data.prospecting_chips.pieces for f in p.faces)
    if green and not winnable:
        report.error(("rules", "cash_at_finish"), "with blue-only, green chips are cashed "
                     "only through a Character card, and none can be won")
