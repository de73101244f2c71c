"""Accounts on a real SQLite database, with real passkey answers (tests/server/authenticator.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tests.server.authenticator import Authenticator, b64, unb64
from troef.server.accounts import Account, AccountError, Accounts, seat_token
from troef.server.community import passkeys_table, sessions_table
from troef.server.live import hash_token
from troef.server.schema import SeatRow, TableRow, make_engine, metadata, migrate, seats_table
from troef.server.writes import insert_table

RP = "localhost"
ORIGIN = "http://localhost:8000"


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    e = make_engine(f"sqlite:///{tmp_path / 'troef.db'}")
    migrate(e)
    return e


@pytest.fixture
def accounts(engine: Engine) -> Accounts:
    return Accounts(engine)


def sign_up(accounts: Accounts, name: str, device: Authenticator) -> tuple[Account, str, list[str]]:
    started = accounts.register_options(name, RP)
    return accounts.register(started["challenge"], device.create(started["options"]), RP, ORIGIN)


def sign_in(accounts: Accounts, device: Authenticator, which: int = 0) -> tuple[Account, str]:
    started = accounts.login_options(RP)
    return accounts.login(started["challenge"], device.get(started["options"], which), RP, ORIGIN)


def test_sign_up_gives_a_session_and_ten_recovery_codes(accounts: Accounts) -> None:
    account, cookie, codes = sign_up(accounts, "  Ｊａｎ de Vries ", Authenticator(ORIGIN))
    assert account.name == "Jan de Vries"  # NFKC: the full-width letters are plain ones
    assert accounts.session(cookie) == account
    assert len(codes) == len(set(codes)) == 10
    assert accounts.codes_left(account) == 10


def test_a_name_that_looks_like_a_taken_one_is_refused(accounts: Accounts) -> None:
    sign_up(accounts, "Anna", Authenticator(ORIGIN))
    for lookalike in ("anna", "\u0410nna", "Änna", "A nna"):  # case, Cyrillic А, accent, space
        with pytest.raises(AccountError) as refused:
            accounts.register_options(lookalike, RP)
        assert refused.value.code == "name_taken"
    accounts.register_options("Hanna", RP)  # another name is free


def test_names_the_server_gives_seats_and_empty_names_are_refused(accounts: Accounts) -> None:
    for bad in ("", "   ", "seat 3", "Computer 2", 42, "x" * 25):
        with pytest.raises(AccountError) as refused:
            accounts.register_options(bad, RP)
        assert refused.value.code == "bad_name"


def test_sign_in_with_the_passkey_and_never_with_a_forged_answer(accounts: Accounts) -> None:
    device = Authenticator(ORIGIN)
    account, _, _ = sign_up(accounts, "Piet", device)
    signed, cookie = sign_in(accounts, device)
    assert signed == account and accounts.session(cookie) == account
    # a signature over another challenge, an answer from another site, a replayed challenge
    started = accounts.login_options(RP)
    answer = device.get(started["options"])
    forged = dict(
        answer, response=dict(answer["response"], signature=b64(unb64(answer["response"]["signature"])[:-2] + b"\0\0"))
    )
    with pytest.raises(AccountError) as refused:
        accounts.login(started["challenge"], forged, RP, ORIGIN)
    assert refused.value.code == "bad_credential"
    with pytest.raises(AccountError) as replayed:  # the challenge was used up by the failed attempt
        accounts.login(started["challenge"], answer, RP, ORIGIN)
    assert replayed.value.code == "bad_challenge"
    elsewhere = Authenticator("http://evil.example")
    elsewhere.keys = device.keys
    started = accounts.login_options(RP)
    with pytest.raises(AccountError):
        accounts.login(started["challenge"], elsewhere.get(started["options"]), RP, ORIGIN)


def test_a_forged_or_unknown_cookie_signs_nobody_in(accounts: Accounts) -> None:
    _, cookie, _ = sign_up(accounts, "Kees", Authenticator(ORIGIN))
    sid, _, sig = cookie.partition(".")
    other = "B" if sig.endswith("A") else "A"  # a signature one character off (never the same one)
    for bad in (None, "", "nonsense", f"{sid}.{sig[:-1]}{other}", f"{sid}x.{sig}", "a" * 5000):
        assert accounts.session(bad) is None


def test_a_second_passkey_signs_in_too_and_the_last_cannot_be_removed(accounts: Accounts) -> None:
    laptop, phone = Authenticator(ORIGIN), Authenticator(ORIGIN)
    account, _, _ = sign_up(accounts, "Mies", laptop)
    started = accounts.add_options(account, RP)
    # the laptop's passkey is excluded: the device is asked not to make a second one
    assert [c["id"] for c in started["options"]["excludeCredentials"]] == [b64(laptop.keys[0].credential_id)]
    accounts.add_passkey(account, started["challenge"], phone.create(started["options"]), RP, ORIGIN, "phone")
    assert [k["label"] for k in accounts.passkeys(account)] == ["passkey 1", "phone"]
    assert sign_in(accounts, phone)[0] == account
    assert sign_in(accounts, laptop)[0] == account
    accounts.remove_passkey(account, b64(laptop.keys[0].credential_id))
    with pytest.raises(AccountError):
        sign_in(accounts, laptop)
    with pytest.raises(AccountError) as refused:
        accounts.remove_passkey(account, b64(phone.keys[0].credential_id))
    assert refused.value.code == "last_passkey"


def test_a_recovery_code_works_once(accounts: Accounts) -> None:
    account, _, codes = sign_up(accounts, "Truus", Authenticator(ORIGIN))
    signed, cookie = accounts.recover("truus", codes[3].upper().replace("-", " "))
    assert signed == account and accounts.session(cookie) == account
    assert accounts.codes_left(account) == 9
    for name, code in (("Truus", codes[3]), ("Truus", "aaaa-bbbb-cccc-dddd"), ("Nobody", codes[4])):
        with pytest.raises(AccountError) as refused:
            accounts.recover(name, code)
        assert refused.value.code == "bad_recovery"
    fresh = accounts.new_codes(account)
    with pytest.raises(AccountError):
        accounts.recover("Truus", codes[4])  # new codes replace the old ones
    accounts.recover("Truus", fresh[0])


def test_sign_out_everywhere_ends_every_session(accounts: Accounts, engine: Engine) -> None:
    device = Authenticator(ORIGIN)
    account, first, _ = sign_up(accounts, "Joop", device)
    _, second = sign_in(accounts, device)
    _, third = sign_in(accounts, device)
    accounts.sign_out(third)
    assert accounts.session(third) is None and accounts.session(first) == account
    assert accounts.sign_out_everywhere(account.id) == 2
    assert accounts.session(first) is None and accounts.session(second) is None
    with engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(sessions_table)).scalar_one() == 0


def _table(engine: Engine, table_id: str, tokens: dict[int, str]) -> None:
    row = TableRow(
        id=table_id,
        game="bonaken",
        config={"preset": "pagat", "players": 4, "switches": {}},
        seed=1,
        first_dealer=None,
        created_at=datetime.now(UTC),
        seats=[SeatRow(i, "human", None, f"seat {i + 1}", False, hash_token(tokens[i])) for i in range(4)],
    )
    with engine.begin() as conn:
        insert_table(conn, row)


def test_a_guests_seats_move_to_the_account(accounts: Accounts, engine: Engine) -> None:
    _table(engine, "t1", {i: f"guest-token-{i}" for i in range(4)})
    account, _, _ = sign_up(accounts, "Greet", Authenticator(ORIGIN))
    moved = accounts.move_seats(
        account,
        [{"id": "t1", "token": "guest-token-2"}, {"id": "t1", "token": "wrong"}, {"id": "nope", "token": "x"}, 7],
    )
    assert [(m["id"], m["seat"]) for m in moved] == [("t1", 2)]
    new = moved[0]["token"]
    assert new == seat_token(accounts.key(), "t1", 2, account.id)
    with engine.connect() as conn:
        seat = conn.execute(sa.select(seats_table).where(seats_table.c.table_id == "t1", seats_table.c.seat == 2)).one()
    assert seat.token_hash == hash_token(new) and seat.name == "Greet"
    # the account's other devices get the same token from the server
    assert accounts.tables(account) == [{"id": "t1", "seat": 2, "over": False, "token": new}]


def test_deleting_the_account_leaves_no_personal_data(accounts: Accounts, engine: Engine) -> None:
    _table(engine, "t2", {i: f"tok-{i}" for i in range(4)})
    device = Authenticator(ORIGIN)
    account, _, _ = sign_up(accounts, "Zwaluwenburg", device)
    started = accounts.add_options(account, RP)
    accounts.add_passkey(
        account, started["challenge"], device.create(started["options"]), RP, ORIGIN, "Zwaluwenburg's phone"
    )
    accounts.move_seats(account, [{"id": "t2", "token": "tok-1"}])
    exported = accounts.export(account)
    assert exported["account"]["name"] == "Zwaluwenburg" and len(exported["passkeys"]) == 2
    assert [s["table_id"] for s in exported["seats"]] == ["t2"]
    with engine.connect() as conn:
        handle = conn.execute(sa.text("SELECT user_handle FROM troef_accounts")).scalar_one()
        key_ids = list(conn.execute(sa.select(passkeys_table.c.credential_id)).scalars())
    assert accounts.delete(account) == [("t2", 1)]
    # every text column of every table: neither the name, the account id, the user handle nor a passkey id
    needles = ["Zwaluwenburg", account.id, handle, *key_ids]
    with engine.connect() as conn:
        for table in metadata.sorted_tables:
            for row in conn.execute(sa.select(table)):
                text = repr(tuple(row))
                assert not any(n in text for n in needles), (table.name, row)
        assert (
            conn.execute(
                sa.select(seats_table.c.name).where(seats_table.c.table_id == "t2", seats_table.c.seat == 1)
            ).scalar_one()
            == "seat 2"
        )


def test_a_rematch_keeps_the_accounts_seats(accounts: Accounts, engine: Engine) -> None:
    _table(engine, "r1", {i: f"tok-{i}" for i in range(4)})
    account, _, _ = sign_up(accounts, "Riet", Authenticator(ORIGIN))
    (moved,) = accounts.move_seats(account, [{"id": "r1", "token": "tok-0"}])
    # the rematch has the same seats and token hashes (troef.server.finished)
    with engine.begin() as conn:
        rows = conn.execute(sa.select(seats_table).where(seats_table.c.table_id == "r1")).all()
    _table(engine, "r2", {i: f"other-{i}" for i in range(4)})
    with engine.begin() as conn:
        for r in rows:
            conn.execute(
                sa.update(seats_table)
                .where(seats_table.c.table_id == "r2", seats_table.c.seat == r.seat)
                .values(token_hash=r.token_hash)
            )
    accounts.copy_seats("r1", "r2")
    accounts.copy_seats("r1", "r2")  # asked twice: once
    listed = {t["id"]: t for t in accounts.tables(account)}
    assert listed["r1"]["token"] == moved["token"]
    assert listed["r2"]["seat"] == 0 and listed["r2"]["token"] is None  # the token of r1 holds there
