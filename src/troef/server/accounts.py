"""Accounts: a name of one's own, claimed with a passkey (WebAuthn through the ``webauthn`` package).

Anyone plays at once as a guest; an account is for a player who wants a
rating, a history and the same "my tables" on every device. It has no
password: signing up and in is a WebAuthn ceremony (the server sends a
challenge, the browser's authenticator signs it, :mod:`webauthn` checks the
answer), an account may have several passkeys (laptop, phone), and ten
one-time recovery codes, shown once, let a player who lost every passkey in
to add a new one.

A signed-in browser carries a session cookie ``troef_session``: a random id
and its HMAC under the server's key (:func:`server_key`), HttpOnly,
SameSite=Lax, with an expiry (:data:`SESSION_DAYS`); the database keeps only
the id's SHA-256, so signing out everywhere deletes the account's rows.

A seat at a table belongs to an account (``troef_account_seats``) when a
signed-in player made, took or was seated at it, or moved it there from the
browser's guest tokens. Such a seat's token is derived from the server's key
(:func:`seat_token`), so the account's other devices get it from
``GET /api/account/tables`` without the server keeping any token.

Names are unique under the tournament names' rules: NFKC, no control
characters (:func:`troef.tournament.model.clean_name`), and no two names with
the same skeleton (:func:`troef.tournament.model.skeleton`: case, accents,
spaces and lookalike letters do not count).

Everything here is synchronous on an :class:`~sqlalchemy.engine.Engine`; the
web layer (:mod:`troef.server.community_web`) runs it on the database thread.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from troef.server.community import (
    account_seats_table,
    accounts_table,
    accuracy_table,
    challenges_table,
    passkeys_table,
    queue_table,
    rating_history_table,
    ratings_table,
    recovery_table,
    secrets_table,
    sessions_table,
)
from troef.server.live import MAX_NAME, hash_token
from troef.server.schema import seats_table, tables_table
from troef.tournament.model import TournamentError, clean_name, skeleton

#: The session cookie's name.
COOKIE: Final = "troef_session"
#: Days a session lasts from signing in.
SESSION_DAYS: Final = 30
#: Seconds a WebAuthn challenge may be answered in.
CHALLENGE_SECONDS: Final = 300
#: One-time recovery codes given at a time.
RECOVERY_CODES: Final = 10
#: Passkeys one account may have.
MAX_PASSKEYS: Final = 20
#: What the relying party is called on the authenticator's screen.
RP_NAME: Final = "troef"


class AccountError(Exception):
    """A request about an account that cannot be served (HTTP status, stable code, message)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in player."""

    id: str
    name: str
    public: bool

    @property
    def player(self) -> str:
        """The account as a rated player (``troef_ratings.player``)."""
        return f"a:{self.id}"


def _now() -> datetime:
    return datetime.now(UTC)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def account_name(raw: object) -> tuple[str, str]:
    """A name to claim, cleaned, and its skeleton; :class:`AccountError` if it is no name."""
    try:
        name = clean_name(raw)
    except TournamentError as exc:
        raise AccountError(400, "bad_name", exc.message) from None
    if len(name) > MAX_NAME:
        raise AccountError(400, "bad_name", f"a name may be at most {MAX_NAME} characters long")
    if name.casefold().startswith(("seat ", "computer ")):  # the names the server gives seats itself
        raise AccountError(400, "bad_name", "that name is kept for seats nobody named")
    return name, skeleton(name)


def server_key(conn: Connection) -> bytes:
    """The server's secret key (made once, shared by every process on the database)."""
    value = conn.execute(sa.select(secrets_table.c.value).where(secrets_table.c.name == "key")).scalar()
    if value is None:
        try:
            with conn.begin_nested():
                conn.execute(sa.insert(secrets_table).values(name="key", value=secrets.token_hex(32)))
        except sa.exc.IntegrityError:  # another process made it first
            pass
        value = conn.execute(sa.select(secrets_table.c.value).where(secrets_table.c.name == "key")).scalar_one()
    return bytes.fromhex(value)


def seat_token(key: bytes, table_id: str, seat: int, account_id: str) -> str:
    """The token of an account's seat: derived, so the server can give it to the account's devices again."""
    digest = hmac.new(key, f"seat\0{table_id}\0{seat}\0{account_id}".encode(), hashlib.sha256).digest()
    return _b64(digest[:18])


class Accounts:
    """Accounts, passkeys, sessions and recovery codes on ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._key: bytes | None = None

    def key(self, conn: Connection | None = None) -> bytes:
        """The server's key (read once; in ``conn``'s transaction if one is open: SQLite has one writer)."""
        if self._key is None:
            if conn is not None:
                self._key = server_key(conn)
            else:
                with self.engine.begin() as own:
                    self._key = server_key(own)
        return self._key

    # ------------------------------------------------------------------ sessions
    def _new_session(self, conn: Connection, account_id: str) -> str:
        sid = secrets.token_urlsafe(24)
        self.key(conn)
        now = _now()
        conn.execute(sa.delete(sessions_table).where(sessions_table.c.expires_at < now))  # kept no longer than valid
        conn.execute(
            sa.insert(sessions_table).values(
                id_hash=_sha(sid), account_id=account_id, created_at=now, expires_at=now + timedelta(days=SESSION_DAYS)
            )
        )
        return f"{sid}.{self._sign(sid)}"

    def _sign(self, sid: str) -> str:
        return _b64(hmac.new(self.key(), f"session\0{sid}".encode(), hashlib.sha256).digest())

    def _sid(self, cookie: str | None) -> str | None:
        """The session id a cookie carries if its signature holds, else None."""
        if not cookie or len(cookie) > 200 or "." not in cookie:
            return None
        sid, _, sig = cookie.partition(".")
        return sid if hmac.compare_digest(sig, self._sign(sid)) else None

    def session(self, cookie: str | None) -> Account | None:
        """The account a session cookie signs in, or None (no cookie, a forged or expired one)."""
        sid = self._sid(cookie)
        if sid is None:
            return None
        query = (
            sa.select(accounts_table.c.id, accounts_table.c.name, accounts_table.c.public, sessions_table.c.expires_at)
            .join(accounts_table, accounts_table.c.id == sessions_table.c.account_id)
            .where(sessions_table.c.id_hash == _sha(sid))
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None or row.expires_at <= _now():
            return None
        return Account(row.id, row.name, bool(row.public))

    def sign_out(self, cookie: str | None) -> None:
        """End the session this cookie carries."""
        sid = self._sid(cookie)
        if sid is not None:
            with self.engine.begin() as conn:
                conn.execute(sa.delete(sessions_table).where(sessions_table.c.id_hash == _sha(sid)))

    def sign_out_everywhere(self, account_id: str) -> int:
        """End every session of the account (every device); how many there were."""
        with self.engine.begin() as conn:
            result = conn.execute(sa.delete(sessions_table).where(sessions_table.c.account_id == account_id))
            return int(result.rowcount or 0)

    # ------------------------------------------------------------------ WebAuthn ceremonies
    def _challenge(self, conn: Connection, purpose: str, challenge: bytes, **extra: Any) -> str:
        now = _now()
        conn.execute(sa.delete(challenges_table).where(challenges_table.c.expires_at < now))
        cid = secrets.token_urlsafe(16)
        conn.execute(
            sa.insert(challenges_table).values(
                id=cid,
                purpose=purpose,
                challenge=_b64(challenge),
                expires_at=now + timedelta(seconds=CHALLENGE_SECONDS),
                **extra,
            )
        )
        return cid

    def _take_challenge(self, cid: object, purpose: str) -> Any:
        """The challenge row ``cid`` names, or AccountError; deleted in a transaction of its own, so that
        an answer is checked once, whether it passes or not."""
        refused = AccountError(400, "bad_challenge", "no such sign-in or sign-up under way; start again")
        if not isinstance(cid, str) or len(cid) > 32:
            raise refused
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(challenges_table).where(challenges_table.c.id == cid, challenges_table.c.purpose == purpose)
            ).first()
            conn.execute(sa.delete(challenges_table).where(challenges_table.c.id == cid))
        if row is None or row.expires_at <= _now():
            raise refused
        return row

    def register_options(self, raw_name: object, rp_id: str) -> dict[str, Any]:
        """Start signing up under a name: the options for ``navigator.credentials.create``."""
        from webauthn import generate_registration_options, options_to_json
        from webauthn.helpers.structs import (
            AuthenticatorSelectionCriteria,
            ResidentKeyRequirement,
            UserVerificationRequirement,
        )

        name, skel = account_name(raw_name)
        handle = secrets.token_bytes(32)
        with self.engine.begin() as conn:
            if conn.execute(sa.select(accounts_table.c.id).where(accounts_table.c.skeleton == skel)).first():
                raise AccountError(409, "name_taken", "that name (or one that looks just like it) is taken")
            options = generate_registration_options(
                rp_id=rp_id,
                rp_name=RP_NAME,
                user_id=handle,
                user_name=name,
                user_display_name=name,
                authenticator_selection=AuthenticatorSelectionCriteria(
                    resident_key=ResidentKeyRequirement.REQUIRED,
                    user_verification=UserVerificationRequirement.PREFERRED,
                ),
            )
            cid = self._challenge(conn, "register", options.challenge, name=name, user_handle=_b64(handle))
        return {"challenge": cid, "options": json.loads(options_to_json(options))}

    def _verify_new(self, row: Any, credential: object, rp_id: str, origin: str) -> Any:
        from webauthn import verify_registration_response

        if not isinstance(credential, dict):
            raise AccountError(400, "bad_credential", "the passkey's answer is missing")
        try:
            return verify_registration_response(
                credential=credential,
                expected_challenge=_unb64(row.challenge),
                expected_rp_id=rp_id,
                expected_origin=origin,
            )
        except Exception as exc:  # the package's Invalid... errors, and malformed JSON in the answer
            raise AccountError(400, "bad_credential", f"the passkey could not be checked: {exc}"[:300]) from None

    def register(
        self, cid: object, credential: object, rp_id: str, origin: str, label: object = None
    ) -> tuple[Account, str, list[str]]:
        """Finish signing up: the new account, its session cookie, and its recovery codes (shown once)."""
        row = self._take_challenge(cid, "register")
        verified = self._verify_new(row, credential, rp_id, origin)
        with self.engine.begin() as conn:
            name, skel = account_name(row.name)
            account_id = secrets.token_urlsafe(12)
            try:
                with conn.begin_nested():
                    conn.execute(
                        sa.insert(accounts_table).values(
                            id=account_id,
                            name=name,
                            skeleton=skel,
                            user_handle=row.user_handle,
                            public=True,
                            created_at=_now(),
                        )
                    )
            except sa.exc.IntegrityError:
                raise AccountError(409, "name_taken", "that name (or one that looks just like it) is taken") from None
            self._insert_passkey(conn, account_id, verified, label)
            cookie = self._new_session(conn, account_id)
            codes = self._new_codes(conn, account_id)
        return Account(account_id, name, True), cookie, codes

    def _insert_passkey(self, conn: Connection, account_id: str, verified: Any, label: object) -> None:
        count = conn.execute(
            sa.select(sa.func.count()).select_from(passkeys_table).where(passkeys_table.c.account_id == account_id)
        ).scalar_one()
        if count >= MAX_PASSKEYS:
            raise AccountError(409, "too_many_passkeys", f"an account may have at most {MAX_PASSKEYS} passkeys")
        text = label.strip()[:64] if isinstance(label, str) and label.strip() else f"passkey {count + 1}"
        try:
            with conn.begin_nested():
                conn.execute(
                    sa.insert(passkeys_table).values(
                        credential_id=_b64(verified.credential_id),
                        account_id=account_id,
                        public_key=verified.credential_public_key,
                        sign_count=verified.sign_count,
                        label=text,
                        created_at=_now(),
                    )
                )
        except sa.exc.IntegrityError:
            raise AccountError(409, "passkey_known", "this passkey belongs to an account already") from None

    def add_options(self, account: Account, rp_id: str) -> dict[str, Any]:
        """Start adding a passkey (another device) to a signed-in account."""
        from webauthn import generate_registration_options, options_to_json
        from webauthn.helpers.structs import (
            AuthenticatorSelectionCriteria,
            PublicKeyCredentialDescriptor,
            ResidentKeyRequirement,
            UserVerificationRequirement,
        )

        with self.engine.begin() as conn:
            handle = conn.execute(
                sa.select(accounts_table.c.user_handle).where(accounts_table.c.id == account.id)
            ).scalar_one()
            known = conn.execute(
                sa.select(passkeys_table.c.credential_id).where(passkeys_table.c.account_id == account.id)
            ).scalars()
            options = generate_registration_options(
                rp_id=rp_id,
                rp_name=RP_NAME,
                user_id=_unb64(handle),
                user_name=account.name,
                user_display_name=account.name,
                exclude_credentials=[PublicKeyCredentialDescriptor(id=_unb64(c)) for c in known],
                authenticator_selection=AuthenticatorSelectionCriteria(
                    resident_key=ResidentKeyRequirement.REQUIRED,
                    user_verification=UserVerificationRequirement.PREFERRED,
                ),
            )
            cid = self._challenge(conn, "add", options.challenge, account_id=account.id)
        return {"challenge": cid, "options": json.loads(options_to_json(options))}

    def add_passkey(
        self, account: Account, cid: object, credential: object, rp_id: str, origin: str, label: object
    ) -> None:
        """Finish adding a passkey to ``account``."""
        row = self._take_challenge(cid, "add")
        if row.account_id != account.id:
            raise AccountError(400, "bad_challenge", "no such sign-in or sign-up under way; start again")
        verified = self._verify_new(row, credential, rp_id, origin)
        with self.engine.begin() as conn:
            self._insert_passkey(conn, account.id, verified, label)

    def passkeys(self, account: Account) -> list[dict[str, Any]]:
        """The account's passkeys: id, label, when made and last used."""
        query = (
            sa.select(passkeys_table)
            .where(passkeys_table.c.account_id == account.id)
            .order_by(passkeys_table.c.created_at)
        )
        with self.engine.connect() as conn:
            return [
                {
                    "id": r.credential_id,
                    "label": r.label,
                    "created_at": r.created_at.isoformat(),
                    "used_at": r.used_at.isoformat() if r.used_at else None,
                }
                for r in conn.execute(query)
            ]

    def remove_passkey(self, account: Account, credential_id: object) -> None:
        """Remove one of the account's passkeys (never the last: the account could no longer be signed in to)."""
        with self.engine.begin() as conn:
            ids = list(
                conn.execute(
                    sa.select(passkeys_table.c.credential_id).where(passkeys_table.c.account_id == account.id)
                ).scalars()
            )
            if credential_id not in ids:
                raise AccountError(404, "unknown_passkey", "no such passkey on this account")
            if len(ids) == 1:
                raise AccountError(409, "last_passkey", "the last passkey cannot be removed; add another first")
            conn.execute(sa.delete(passkeys_table).where(passkeys_table.c.credential_id == credential_id))

    def login_options(self, rp_id: str) -> dict[str, Any]:
        """Start signing in: options for ``navigator.credentials.get`` (any passkey of this site: discoverable)."""
        from webauthn import generate_authentication_options, options_to_json
        from webauthn.helpers.structs import UserVerificationRequirement

        options = generate_authentication_options(rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED)
        with self.engine.begin() as conn:
            cid = self._challenge(conn, "login", options.challenge)
        return {"challenge": cid, "options": json.loads(options_to_json(options))}

    def login(self, cid: object, credential: object, rp_id: str, origin: str) -> tuple[Account, str]:
        """Finish signing in with a passkey: the account and a new session cookie."""
        from webauthn import verify_authentication_response

        row = self._take_challenge(cid, "login")
        with self.engine.begin() as conn:
            if not isinstance(credential, dict):
                raise AccountError(400, "bad_credential", "the passkey's answer is missing")
            raw_id = credential.get("id")
            if not isinstance(raw_id, str) or len(raw_id) > 512:
                raise AccountError(400, "bad_credential", "the passkey's answer is missing")
            key = conn.execute(sa.select(passkeys_table).where(passkeys_table.c.credential_id == raw_id)).first()
            if key is None:
                raise AccountError(401, "unknown_passkey", "this passkey belongs to no account here")
            try:
                verified = verify_authentication_response(
                    credential=credential,
                    expected_challenge=_unb64(row.challenge),
                    expected_rp_id=rp_id,
                    expected_origin=origin,
                    credential_public_key=key.public_key,
                    credential_current_sign_count=int(key.sign_count),
                )
            except Exception as exc:  # a wrong signature, a replayed counter, malformed JSON
                raise AccountError(401, "bad_credential", f"the passkey could not be checked: {exc}"[:300]) from None
            conn.execute(
                sa.update(passkeys_table)
                .where(passkeys_table.c.credential_id == raw_id)
                .values(sign_count=verified.new_sign_count, used_at=_now())
            )
            account = conn.execute(sa.select(accounts_table).where(accounts_table.c.id == key.account_id)).one()
            cookie = self._new_session(conn, account.id)
        return Account(account.id, account.name, bool(account.public)), cookie

    # ------------------------------------------------------------------ recovery codes
    def _new_codes(self, conn: Connection, account_id: str) -> list[str]:
        conn.execute(sa.delete(recovery_table).where(recovery_table.c.account_id == account_id))
        codes = []
        for _ in range(RECOVERY_CODES):
            raw = base64.b32encode(secrets.token_bytes(10)).decode().lower()
            codes.append("-".join(raw[i : i + 4] for i in range(0, 16, 4)))
        conn.execute(
            sa.insert(recovery_table), [{"code_hash": _sha(_code_key(c)), "account_id": account_id} for c in codes]
        )
        return codes

    def new_codes(self, account: Account) -> list[str]:
        """New recovery codes for ``account`` (the old ones stop working); shown once."""
        with self.engine.begin() as conn:
            return self._new_codes(conn, account.id)

    def recover(self, raw_name: object, code: object) -> tuple[Account, str]:
        """Sign in with a recovery code (used up): the account and a session cookie, to add a new passkey."""
        refused = AccountError(401, "bad_recovery", "that name and recovery code do not match")
        if not isinstance(code, str) or len(code) > 64:
            raise refused
        _, skel = account_name(raw_name)
        with self.engine.begin() as conn:
            account = conn.execute(sa.select(accounts_table).where(accounts_table.c.skeleton == skel)).first()
            if account is None:
                raise refused
            gone = conn.execute(
                sa.delete(recovery_table).where(
                    recovery_table.c.account_id == account.id, recovery_table.c.code_hash == _sha(_code_key(code))
                )
            )
            if not gone.rowcount:
                raise refused
            cookie = self._new_session(conn, account.id)
        return Account(account.id, account.name, bool(account.public)), cookie

    def codes_left(self, account: Account) -> int:
        """How many recovery codes the account has unused."""
        query = sa.select(sa.func.count()).select_from(recovery_table).where(recovery_table.c.account_id == account.id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    # ------------------------------------------------------------------ seats
    def link_seat(self, conn: Connection, account: Account, table_id: str, seat: int) -> str:
        """Give a seat to ``account``: the account's derived token (returned) and name."""
        token = seat_token(self.key(conn), table_id, seat, account.id)
        conn.execute(
            sa.update(seats_table)
            .where(seats_table.c.table_id == table_id, seats_table.c.seat == seat)
            .values(token_hash=hash_token(token), name=account.name)
        )
        conn.execute(
            sa.delete(account_seats_table).where(
                account_seats_table.c.table_id == table_id, account_seats_table.c.seat == seat
            )
        )
        conn.execute(sa.insert(account_seats_table).values(table_id=table_id, seat=seat, account_id=account.id))
        return token

    def move_seats(self, account: Account, held: object) -> list[dict[str, Any]]:
        """Move a guest's seats (``[{"id": table, "token": token}, ...]`` from the browser) to ``account``.

        Only a token that opens its seat moves it; the others are left out. Each moved seat gets the
        account's derived token (the guest's stops working) and the account's name.
        """
        if not isinstance(held, list):
            return []
        moved: list[dict[str, Any]] = []
        with self.engine.begin() as conn:
            for item in held[:500]:
                if not isinstance(item, dict):
                    continue
                table_id, token = item.get("id"), item.get("token")
                if not isinstance(table_id, str) or not isinstance(token, str) or len(table_id) > 32 or len(token) > 64:
                    continue
                seat = conn.execute(
                    sa.select(seats_table.c.seat).where(
                        seats_table.c.table_id == table_id, seats_table.c.token_hash == hash_token(token)
                    )
                ).scalar()
                if seat is None:
                    continue
                new = self.link_seat(conn, account, table_id, int(seat))
                moved.append({"id": table_id, "seat": int(seat), "token": new, "old": token})
        return moved

    def claim(self, account: Account, table_id: str, seat: int) -> str:
        """Give a seat just made or taken to ``account``: its new token."""
        with self.engine.begin() as conn:
            return self.link_seat(conn, account, table_id, seat)

    def copy_seats(self, old: str, new: str) -> None:
        """The accounts' seats of table ``old`` are theirs at ``new`` too (a rematch: the same people, seats and
        tokens); done once however often it is asked."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                sa.select(account_seats_table.c.seat, account_seats_table.c.account_id).where(
                    account_seats_table.c.table_id == old
                )
            ).all()
            for seat, account_id in rows:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            sa.insert(account_seats_table).values(table_id=new, seat=seat, account_id=account_id)
                        )
                except sa.exc.IntegrityError:  # asked again (or through another process): copied already
                    pass

    def tables(self, account: Account, limit: int = 200) -> list[dict[str, Any]]:
        """The account's seats, newest table first, each with its token.

        A rematch keeps the token of the table it follows, which this device holds; the server gives out
        only tokens it can derive (``token`` None for the others)."""
        query = (
            sa.select(
                account_seats_table.c.table_id,
                account_seats_table.c.seat,
                tables_table.c.finished_at,
                seats_table.c.token_hash,
            )
            .join(tables_table, tables_table.c.id == account_seats_table.c.table_id)
            .join(
                seats_table,
                sa.and_(
                    seats_table.c.table_id == account_seats_table.c.table_id,
                    seats_table.c.seat == account_seats_table.c.seat,
                ),
            )
            .where(account_seats_table.c.account_id == account.id)
            .order_by(tables_table.c.created_at.desc())
            .limit(limit)
        )
        key = self.key()
        out: list[dict[str, Any]] = []
        with self.engine.connect() as conn:
            for r in conn.execute(query):
                token: str | None = seat_token(key, r.table_id, r.seat, account.id)
                if r.token_hash != hash_token(str(token)):
                    token = None
                out.append({"id": r.table_id, "seat": r.seat, "over": r.finished_at is not None, "token": token})
        return out

    # ------------------------------------------------------------------ privacy
    def set_public(self, account: Account, public: object) -> Account:
        """Make the profile public or private."""
        if not isinstance(public, bool):
            raise AccountError(400, "bad_request", "'public' must be true or false")
        with self.engine.begin() as conn:
            conn.execute(sa.update(accounts_table).where(accounts_table.c.id == account.id).values(public=public))
        return Account(account.id, account.name, public)

    def export(self, account: Account) -> dict[str, Any]:
        """Everything stored about ``account``, JSON-ready (the download of one's data)."""

        def rows(query: Any) -> list[dict[str, Any]]:
            return [
                {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in r._mapping.items()}
                for r in conn.execute(query)
            ]

        with self.engine.connect() as conn:
            me = rows(sa.select(accounts_table).where(accounts_table.c.id == account.id))[0]
            keys = rows(
                sa.select(
                    passkeys_table.c.credential_id,
                    passkeys_table.c.label,
                    passkeys_table.c.sign_count,
                    passkeys_table.c.created_at,
                    passkeys_table.c.used_at,
                ).where(passkeys_table.c.account_id == account.id)
            )
            for key in keys:
                key["public_key"] = _b64(
                    conn.execute(
                        sa.select(passkeys_table.c.public_key).where(
                            passkeys_table.c.credential_id == key["credential_id"]
                        )
                    ).scalar_one()
                )
            sessions = rows(
                sa.select(sessions_table.c.created_at, sessions_table.c.expires_at).where(
                    sessions_table.c.account_id == account.id
                )
            )
            codes = conn.execute(
                sa.select(sa.func.count()).select_from(recovery_table).where(recovery_table.c.account_id == account.id)
            ).scalar_one()
            seats = rows(
                sa.select(
                    account_seats_table.c.table_id,
                    account_seats_table.c.seat,
                    tables_table.c.game,
                    tables_table.c.config,
                    tables_table.c.created_at,
                    tables_table.c.finished_at,
                    tables_table.c.result,
                )
                .join(tables_table, tables_table.c.id == account_seats_table.c.table_id)
                .where(account_seats_table.c.account_id == account.id)
            )
            ratings = rows(sa.select(ratings_table).where(ratings_table.c.player == account.player))
            accuracy = rows(sa.select(accuracy_table).where(accuracy_table.c.account_id == account.id))
            history = rows(sa.select(rating_history_table).where(rating_history_table.c.player == account.player))
            queue = rows(
                sa.select(
                    queue_table.c.game,
                    queue_table.c.preset,
                    queue_table.c.status,
                    queue_table.c.created_at,
                    queue_table.c.table_id,
                ).where(queue_table.c.player == account.player)
            )
        return {
            "format": "troef-account-export",
            "version": 1,
            "exported_at": _now().isoformat(),
            "account": me,
            "passkeys": keys,
            "sessions": sessions,
            "recovery_codes_unused": int(codes),
            "seats": seats,
            "ratings": ratings,
            "rating_history": history,
            "accuracy": accuracy,
            "queue": queue,
        }

    def delete(self, account: Account) -> list[tuple[str, int]]:
        """Delete the account and everything about it; its seats keep a neutral name ("seat N").

        Returns the seats that were the account's (the live tables in memory are renamed by the caller).
        """
        with self.engine.begin() as conn:
            seats = [
                (r.table_id, int(r.seat))
                for r in conn.execute(
                    sa.select(account_seats_table.c.table_id, account_seats_table.c.seat).where(
                        account_seats_table.c.account_id == account.id
                    )
                )
            ]
            for table_id, seat in seats:
                conn.execute(
                    sa.update(seats_table)
                    .where(seats_table.c.table_id == table_id, seats_table.c.seat == seat)
                    .values(name=neutral_name(seat))
                )
            for table in (ratings_table, rating_history_table):
                conn.execute(sa.delete(table).where(table.c.player == account.player))
            conn.execute(sa.delete(queue_table).where(queue_table.c.player == account.player))
            conn.execute(sa.delete(challenges_table).where(challenges_table.c.account_id == account.id))
            for table in (account_seats_table, passkeys_table, sessions_table, recovery_table, accuracy_table):
                conn.execute(sa.delete(table).where(table.c.account_id == account.id))
            conn.execute(sa.delete(accounts_table).where(accounts_table.c.id == account.id))
        return seats


def neutral_name(seat: int) -> str:
    """The name a seat keeps once its player's account is deleted (the name the server gives unnamed seats)."""
    return f"seat {seat + 1}"


def _code_key(code: str) -> str:
    """A recovery code as typed, in one spelling (case, spaces and dashes do not count)."""
    return "".join(ch for ch in code.lower() if ch.isalnum())
