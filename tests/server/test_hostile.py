"""Hostile clients against the real class server: nobody reaches another student's game, the server stays up.

Each test seats an honest student at a lesson (a board it can play), lets a
hostile client (another browser with the class token, or the student's own
page misbehaving) try something, then checks that the server still answers,
that the honest student's game is exactly as it was (the kernel's own widget
states, fetched again) and that it still plays. Loopback only; every loop is
bounded in count and time.
"""

from __future__ import annotations

import asyncio
import json
import struct
import uuid
from typing import Any

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClosedError, websocket_connect

from .conftest import TOKEN, run, seated
from .student import V1, Page, Student

pytestmark = pytest.mark.server


def board_view(states: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """What a player sees of a board: the picture controller's state, the status and panel texts."""
    out = {}
    for model_id, st in states.items():
        if {"svg", "options", "version"} <= set(st):
            out[model_id] = {k: st[k] for k in ("svg", "options", "version", "prompt", "cover")}
        elif st.get("_model_name") == "HTMLModel":
            out[model_id] = st.get("value")
    return out


async def unchanged_and_playing(server: Any, page: Any, before: dict[str, Any]) -> None:
    """The server is up, the student's game is as it was, and a click still plays."""
    assert server.alive(), "the server died"
    now = board_view(await page.fetch_states())
    assert now == before, "another client changed this student's game"
    latency = await page.click()
    assert latency is not None, "the board no longer plays"


def test_another_browser_cannot_reach_a_students_kernel(classroom, lesson):
    async def scenario() -> None:
        _, page = await seated(classroom, lesson)
        before = board_view(await page.fetch_states())
        intruder = Student(classroom.url, TOKEN)
        mine = await intruder.render(lesson)  # a page of its own: its cookies are a real class member's
        assert mine.status == 200
        kid = page.kernel_id
        r = await intruder.get(f"/api/kernels/{kid}", raise_error=False)
        assert r.code == 403
        with pytest.raises(Exception) as err:  # the websocket handshake is refused
            req = HTTPRequest(intruder.ws_base + f"/api/kernels/{kid}/channels?session_id=x", headers=intruder.headers())
            await websocket_connect(req)
        assert "403" in str(err.value)
        xsrf = intruder.cookies.get("_xsrf", "")
        r = await intruder.post(f"/voila/api/shutdown/{kid}", f"_xsrf={xsrf}", raise_error=False,
                                content_type="application/x-www-form-urlencoded")
        assert r.code == 403  # its beacon on someone else's kernel
        await unchanged_and_playing(classroom, page, before)
        await mine.close()
        await page.close()

    run(scenario())


def test_nobody_can_delete_a_kernel_not_even_with_a_forged_xsrf(classroom, lesson):
    async def scenario() -> None:
        owner, page = await seated(classroom, lesson)
        before = board_view(await page.fetch_states())
        kid = page.kernel_id
        intruder = Student(classroom.url, TOKEN)
        await intruder.render(lesson)
        forged = {"X-XSRFToken": "forged", "Cookie": intruder.headers()["Cookie"] + "; _xsrf=forged"}
        r = await intruder.fetch(f"/api/kernels/{kid}", method="DELETE", headers=forged, raise_error=False)
        assert r.code == 403
        own = {"X-XSRFToken": owner.cookies.get("_xsrf", "")}
        r = await owner.fetch(f"/api/kernels/{kid}", method="DELETE", headers=own, raise_error=False)
        assert r.code == 403  # not even the page's own browser: only its beacon, on closing
        r = await owner.get(f"/api/kernels/{kid}", raise_error=False)
        assert r.code == 200
        await unchanged_and_playing(classroom, page, before)
        await page.close()

    run(scenario())


def test_a_page_cannot_shut_down_or_run_code_in_its_kernel(classroom, lesson):
    async def scenario() -> None:
        owner, page = await seated(classroom, lesson)
        before = board_view(await page.fetch_states())
        for channel in ("control", "shell"):
            page.send("shutdown_request", {"restart": False}, channel=channel)
        page.send("execute_request", {"code": "import os; os._exit(1)", "silent": False, "store_history": False,
                                      "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
        page.send("interrupt_request", {}, channel="control")
        await asyncio.sleep(2)
        r = await owner.get(f"/api/kernels/{page.kernel_id}", raise_error=False)
        assert r.code == 200 and json.loads(r.body)["execution_state"] != "dead"
        await unchanged_and_playing(classroom, page, before)
        log = classroom.log_text()
        assert "refused a message" in log and "'shutdown_request'" in log and "'execute_request'" in log
        await page.close()

    run(scenario())


def v1_frame(channel: str, parts: list[bytes]) -> bytes:
    """A frame of the v1 kernel websocket protocol (what a real page sends)."""
    chunks = [channel.encode(), *parts]
    offsets, at = [], 8 * (len(chunks) + 2)
    for c in chunks:
        offsets.append(at)
        at += len(c)
    offsets.append(at)
    head = struct.pack("<Q", len(offsets)) + b"".join(struct.pack("<Q", o) for o in offsets)
    return head + b"".join(chunks)


def test_malformed_and_oversized_frames_are_dropped(classroom, lesson):
    async def scenario() -> None:
        _, page = await seated(classroom, lesson)
        before = board_view(await page.fetch_states())
        hostile, hpage = await seated(classroom, lesson)
        hbefore = board_view(await hpage.fetch_states())
        assert hpage.ws is not None
        junk = ["not json", "[1, 2, 3]", "{}", json.dumps({"channel": "shell"}), json.dumps({"channel": "nowhere", "header": {}}),
                json.dumps({"channel": "shell", "header": "x", "content": {}}), "\u0000" * 1000]
        for text in junk:
            hpage.ws.write_message(text)
        hpage.ws.write_message(b"\x00\x01\x02 binary garbage", binary=True)
        # a real page's framing (v1 protocol), truncated and lying about its offsets
        v1 = await hostile_v1_socket(hostile, hpage.kernel_id)
        header = json.dumps({"msg_id": "1", "msg_type": "comm_msg", "session": "s", "username": "", "date": "",
                             "version": "5.3"}).encode()
        good = v1_frame("shell", [header, b"{}", b"{}", b"{}"])
        for frame in (good[:20], good[: len(good) // 2], struct.pack("<Q", 2**40) + good[8:], b"", "text on a binary protocol"):
            v1.write_message(frame, binary=isinstance(frame, bytes))
        await asyncio.sleep(1)
        # an oversized frame: the server closes that socket, and nothing else
        try:
            hpage.ws.write_message("x" * (5 * 2**20))
            await asyncio.wait_for(hpage.ws.read_message(), 20)
        except (TimeoutError, WebSocketClosedError):
            pass
        await asyncio.sleep(1)
        await unchanged_and_playing(classroom, page, before)
        # the misbehaving page itself: its game is untouched, and it can connect again
        await hpage.connect()
        assert board_view(await hpage.fetch_states()) == hbefore
        v1.close()
        await page.close()
        await hpage.close()

    run(scenario())


def test_the_binary_protocol_of_a_real_page_shows_the_same_game_and_plays(classroom, lesson):
    """What the benchmark's students speak: the v1 protocol gives the board the JSON protocol gives, and plays."""
    async def scenario() -> None:
        student, page = await seated(classroom, lesson, protocol=V1)
        assert page.v1
        seen = board_view(page.states)
        assert any(isinstance(v, dict) and "<svg" in v["svg"] for v in seen.values())
        again = Page(student, page.url, page.status, page.body, page.seconds, kernel_id=page.kernel_id)
        await again.connect()  # the same browser, its own kernel, the older JSON protocol
        assert not again.v1 and board_view(again.states) == seen
        version = (page.board or {})["version"]
        assert await page.click() is not None and (page.board or {})["version"] != version
        await again.close(beacon=False)
        await page.close()

    run(scenario())


async def hostile_v1_socket(student: Student, kernel_id: str) -> Any:
    req = HTTPRequest(student.ws_base + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}",
                      headers=student.headers())
    ws = await websocket_connect(req, subprotocols=["v1.kernel.websocket.jupyter.org"])
    assert ws.selected_subprotocol == "v1.kernel.websocket.jupyter.org"
    return ws


def test_three_thousand_client_created_widgets_are_refused(classroom, lesson):
    async def scenario() -> None:
        _, page = await seated(classroom, lesson)
        before = board_view(await page.fetch_states())
        _, hpage = await seated(classroom, lesson)
        comms_before = await comm_count(hpage)
        for i in range(3000):
            state = {"_model_name": "IntSliderModel", "_model_module": "@jupyter-widgets/controls",
                     "_model_module_version": "2.0.0", "value": i}
            hpage.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                     "data": {"state": state, "buffer_paths": []}})
        await asyncio.sleep(6)  # the connection's message allowance refills
        assert await comm_count(hpage) == comms_before, "the client created widgets in its kernel"
        await unchanged_and_playing(classroom, page, before)
        assert await hpage.click() is not None
        await page.close()
        await hpage.close()

    run(scenario())


async def comm_count(page: Any) -> int:
    msg_id = uuid.uuid4().hex
    assert page.ws is not None
    m = page.message("comm_info_request", {})
    m["header"]["msg_id"] = msg_id
    page.ws.write_message(json.dumps(m))
    reply = await page.wait_for(lambda x: x["msg_type"] == "comm_info_reply", 30)
    return len(reply["content"]["comms"])


def test_one_browser_opening_pages_in_a_loop_is_slowed_and_keeps_few_kernels(classroom, lesson):
    async def scenario() -> None:
        _, page = await seated(classroom, lesson)
        before = board_view(await page.fetch_states())
        storm = Student(classroom.url, TOKEN)
        first = await storm.render(lesson)  # its identity cookie; then 15 more pages at once
        pages = [first, *await asyncio.gather(*(storm.render(lesson) for _ in range(15)))]
        codes = [p.status for p in pages]
        for p in pages:
            assert p.status in (200, 429), p.status
            if p.status == 200:
                assert p.complete
            else:  # the refusal says so, in both languages, and offers a reload
                assert p.notice == "busy" and "Recharger la page" in p.body and "Reload the page" in p.body
        assert codes.count(200) <= 8, codes  # 8 at once (then one every 4 s), and 4 in the making at a time
        assert codes.count(200) >= 4, codes
        gone = classroom.log_text().count("its oldest kernel")
        assert gone >= codes.count(200) - 4, "a browser kept more than 4 kernels"
        await unchanged_and_playing(classroom, page, before)
        await page.close()

    run(scenario())


def test_a_student_cannot_ask_for_the_teachers_show_all(classroom, lesson):
    """``?teacher=1`` turns "show all" on (every hidden card of a shared table): a class member's browser
    asking for it gets the teacher's refusal and no kernel, and the same page without it still opens."""

    async def scenario() -> None:
        student = Student(classroom.url, TOKEN)
        refused = await student.render(lesson, [("teacher", "1"), ("table", "ABCDE"), ("watch", "1")])
        assert refused.status == 403
        assert refused.kernel_id is None and not refused.outputs  # nothing of the notebook ran for it
        assert "teacher" in refused.body.lower() or "enseignant" in refused.body.lower()
        honest = await student.render(lesson)
        assert honest.status == 200
        assert classroom.alive()

    run(scenario())
