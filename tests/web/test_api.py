import pytest

from tests.conftest import EXAMPLES, load_example


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_api_scores_or_refuses_every_example(client, path):
    example = load_example(path)
    response = client.post("/api/score", json=example["hand"])
    if "expect" in example:
        assert response.status_code == 200
        for key, value in example["expect"].items():
            assert response.json[key] == value
    else:
        assert response.status_code == 422
        assert response.json["field"] == example["expect_error_field"]
        assert response.json["error"]


@pytest.mark.parametrize("body", [b"", b"not json", b"[1,2", b"null", b"[]", b'"hand"'])
def test_api_nonsense_is_422_with_a_field(client, body):
    response = client.post("/api/score", data=body, content_type="application/json")
    assert response.status_code == 422
    assert set(response.json) == {"error", "field"}


def test_api_needs_no_csrf_token_and_changes_nothing(client):
    hand = load_example(EXAMPLES[0])["hand"]
    assert client.post("/api/score", json=hand).status_code in (200, 422)
    assert "None yet" in client.get("/").text


def test_api_refuses_huge_bodies(client):
    response = client.post("/api/score", data=b"[" * 200_000, content_type="application/json")
    assert response.status_code in (413, 422)


def test_api_answers_a_deeply_nested_body_in_json(client):
    response = client.post("/api/score", data=b"[" * 25_000 + b"]" * 25_000, content_type="application/json")
    assert response.status_code == 422 and response.json == {
        "error": "The body must be a hand record in JSON.",
        "field": "hand",
    }


def test_api_answers_an_oversize_body_in_json(client):
    response = client.post("/api/score", data=b" " * 70_000 + b"{}", content_type="application/json")
    assert response.status_code == 413 and response.json["field"] == "hand" and "64 KB" in response.json["error"]
