"""A software WebAuthn authenticator for the tests: real P-256 keys, real signatures, "none" attestation.

It answers the options the server sends exactly as a browser's platform
authenticator would (the JSON of ``PublicKeyCredential.toJSON()``), so the
server's checks (the ``webauthn`` package) run on real answers; the browser
tests use Chrome's own virtual authenticator instead.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Passkey:
    credential_id: bytes
    key: ec.EllipticCurvePrivateKey
    rp_id: str
    user_handle: bytes
    count: int = 0


@dataclass
class Authenticator:
    """Passkeys of one device."""

    origin: str
    keys: list[Passkey] = field(default_factory=list)

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        """``navigator.credentials.create`` for the server's creation options."""
        rp_id = options["rp"]["id"]
        key = ec.generate_private_key(ec.SECP256R1())
        numbers = key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
        cred_id = secrets.token_bytes(16)
        auth_data = (
            hashlib.sha256(rp_id.encode()).digest()
            + bytes([0x45])  # user present, user verified, attested credential data
            + (0).to_bytes(4, "big")
            + bytes(16)  # AAGUID
            + len(cred_id).to_bytes(2, "big")
            + cred_id
            + cbor2.dumps(cose)
        )
        client = self._client("webauthn.create", options["challenge"])
        self.keys.append(Passkey(cred_id, key, rp_id, unb64(options["user"]["id"])))
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": b64(cred_id),
            "rawId": b64(cred_id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client), "attestationObject": b64(attestation)},
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], which: int = 0) -> dict[str, Any]:
        """``navigator.credentials.get`` with the ``which``-th passkey of this device."""
        passkey = self.keys[which]
        passkey.count += 1
        auth_data = hashlib.sha256(passkey.rp_id.encode()).digest() + bytes([0x05]) + passkey.count.to_bytes(4, "big")
        client = self._client("webauthn.get", options["challenge"])
        signature = passkey.key.sign(auth_data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(passkey.credential_id),
            "rawId": b64(passkey.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(auth_data),
                "signature": b64(signature),
                "userHandle": b64(passkey.user_handle),
            },
            "clientExtensionResults": {},
        }

    def _client(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}).encode()
