"""``/v1/keys``: API keys for the admin role (the secret is shown once, at creation)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from referee.api.context import authorized, principal, services
from referee.api.contract import NO_NUL, VISIBLE_NAME
from referee.api.extensions import Blueprint
from referee.api.schemas import EDITION_VALUES
from referee.core.ruleset import Edition
from referee.service.model import ID_PATH, ROLES, ApiKey

blp = Blueprint("keys", __name__, url_prefix="/v1/keys", description="API keys (admin only)")


class KeySchema(ma.Schema):
    id = ma.fields.Integer(dump_only=True)
    prefix = ma.fields.String(dump_only=True, metadata={"description": "first characters"})
    role = ma.fields.String(required=True, validate=ma.validate.OneOf(ROLES))
    owner = ma.fields.String(
        required=True, validate=[ma.validate.Length(min=1, max=200), VISIBLE_NAME]
    )
    label = ma.fields.String(load_default="", validate=[ma.validate.Length(max=200), NO_NUL])
    created_at = ma.fields.DateTime(dump_only=True)
    revoked_at = ma.fields.DateTime(dump_only=True, allow_none=True)
    last_used_at = ma.fields.DateTime(
        dump_only=True,
        allow_none=True,
        metadata={"description": "when the key last signed a request (to the minute)"},
    )


class NewKeySchema(KeySchema):
    secret = ma.fields.String(dump_only=True, metadata={"description": "shown only once"})


@blp.route("")
class Keys(MethodView):
    @authorized("admin")
    @blp.doc(operationId="listKeys")
    @blp.response(200, KeySchema(many=True))
    @blp.problems(401, 403, 422, 429, 503)
    def get(self) -> list[ApiKey]:
        """All keys (never their secrets)."""
        return services().keys.list()

    @authorized("admin")
    @blp.doc(operationId="createKey")
    @blp.arguments(KeySchema, example={"role": "platform", "owner": "Online platform"})
    @blp.response(201, NewKeySchema)
    @blp.problems(400, 401, 403, 413, 415, 422, 429, 503)
    def post(self, data: dict[str, Any]) -> dict[str, Any]:
        """Create a key; the response is the only place its secret ever appears."""
        key, secret = services().keys.create(data["role"], data["owner"], data["label"])
        return {**key.__dict__, "secret": secret}


class OwnerEditionSchema(ma.Schema):
    owner = ma.fields.String(
        required=True, validate=[ma.validate.Length(min=1, max=200), VISIBLE_NAME]
    )
    edition = ma.fields.String(
        required=True,
        allow_none=True,
        validate=ma.validate.OneOf(EDITION_VALUES),
        metadata={
            "description": "the ISkO edition every key of the owner rules under where a "
            "record names none; null: the service's default (REFEREE_EDITION)"
        },
    )


@blp.route("/owners")
class OwnerEditions(MethodView):
    @authorized("admin")
    @blp.doc(operationId="listOwnerEditions")
    @blp.response(
        200,
        OwnerEditionSchema(many=True),
        example=[{"owner": "Turnier Bremen 2026", "edition": "2022"}],
    )
    @blp.problems(401, 403, 422, 429, 503)
    def get(self) -> list[dict[str, Any]]:
        """The owners that chose an edition for their keys (a tournament, once)."""
        return services().keys.owner_editions(principal())

    @authorized("admin")
    @blp.doc(operationId="setOwnerEdition")
    @blp.arguments(OwnerEditionSchema, example={"owner": "Turnier Bremen 2026", "edition": "2022"})
    @blp.response(
        200, OwnerEditionSchema, example={"owner": "Turnier Bremen 2026", "edition": "2022"}
    )
    @blp.problems(400, 401, 403, 413, 415, 422, 429, 503)
    def put(self, data: dict[str, Any]) -> dict[str, Any]:
        """Choose the edition of every key of an owner: a record that names no rule set
        (every ISS record) is ruled under it, unless the request asks for another."""
        edition = Edition(data["edition"]) if data["edition"] else None
        return services().keys.set_owner_edition(principal(), data["owner"], edition)


@blp.route(f"/<{ID_PATH}:key_id>/revoke")
class KeyRevoke(MethodView):
    @authorized("admin")
    @blp.doc(operationId="revokeKey")
    @blp.response(200, KeySchema)
    @blp.problems(401, 403, 404, 409, 422, 429, 503)
    def post(self, key_id: int) -> ApiKey:
        """Revoke a key (it stays listed, with revoked_at set); 409 for the key the
        request is signed with (an admin would lock itself out)."""
        return services().keys.revoke_as(principal(), key_id)
