"""A warm interpreter for the lit run: `twillc` and `filecheck` forked, not started.

The lit cases start about 600 `twillc` and 700 `filecheck` processes, and
each one's Python start-up (xDSL, twillc's passes and emitters, the solvers'
bindings) costs more CPU than most of the work it does. lit.cfg starts one
server per run (`serve`), which imports those once; it puts first on the
cases' PATH two small scripts (`client`) that hand their arguments, working
folder, environment and standard streams to the server and exit with the
status of what it ran. The server forks a child per request; the child
takes the client's streams, folder and environment and calls the same entry
point the installed console script calls (`twillc.driver.main`,
`filecheck.main.main`), so a case sees the bytes and the exit status a fresh
process gives.

A client falls back to the installed script when the server is not there
(`TWILLC_LIT_WARM=0`, another platform, a server that did not start). A
client killed by lit (a case's time limit) closes its connection: the
server then kills the child's process group. The server exits when lit does.

Only the standard library is imported here at module level: the client runs
with `python -I -S`, before any site package is on the path.
"""

from __future__ import annotations

import os
import socket
import sys

HEADER = 8  # the request's length, in decimal digits


def client(prog: str, address: str, fallback: list[str]) -> None:
    """Run `prog` in the server at the abstract socket `address` with this process's arguments,
    folder, environment and streams, and exit as it did; `fallback` (an argv)
    is exec'd when the server cannot be reached."""
    import marshal

    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect("\0" + address)
    except OSError:
        os.execv(fallback[0], fallback + sys.argv[1:])
    request = marshal.dumps((prog, sys.argv[1:], os.getcwd(), dict(os.environ)))
    socket.send_fds(sock, [b"%0*d" % (HEADER, len(request))], [0, 1, 2])
    sock.sendall(request)
    reply = b""
    while not reply.endswith(b"\n") and (chunk := sock.recv(64)):
        reply += chunk
    if not reply.endswith(b"\n"):
        print(f"{prog}: the lit fork server went away (tests/filecheck/forkserver.py)", file=sys.stderr)
        os._exit(70)
    code = os.waitstatus_to_exitcode(int(reply))
    if code < 0:  # killed by a signal: die of the same one
        import signal

        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code)


def _preload() -> None:
    """Import what most cases run: the driver, every pass, the front end,
    the emitters, the solvers' bindings and FileCheck. Nothing here runs a
    pass or starts a thread that a fork would lose."""
    import filecheck.main  # noqa: F401
    import ortools.sat.python.cp_model  # noqa: F401
    import z3  # noqa: F401

    import twillc.cli.cache
    import twillc.cli.compile
    import twillc.cli.ptxas_check
    import twillc.driver
    import twillc.frontend.parser
    import twillc.lowering.cuda
    import twillc.lowering.emit_json
    import twillc.lowering.emit_text
    import twillc.lowering.targets
    import twillc.target.machine  # noqa: F401
    from twillc.cli.passes import get_all_passes

    for name, factory in get_all_passes().items():
        if name != "gaus-schedule":  # PyTorch: only the GauS cases pay for it
            factory()
    twillc.frontend.parser._parser()
    twillc.cli.cache._compiler_fingerprint()


def _entry(prog: str):
    if prog == "twillc":
        from twillc.driver import main

        return main
    from filecheck.main import main

    return main


def _child(prog: str, argv: list[str], cwd: str, env: dict[str, str], fds: list[int], bindir: str) -> None:
    """In the forked child: become the process the client stands for, run
    `prog` and exit with its status. Never returns."""
    import atexit
    import signal
    import traceback

    code: object = 1
    try:
        os.setpgid(0, 0)
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        for fd in fds:
            if fd > 2:
                os.close(fd)
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        sys.argv = [os.path.join(bindir, prog), *argv]
        enc = sys.getfilesystemencoding()
        sys.stdin = open(0, encoding=enc, closefd=False)  # noqa: SIM115 - the process's own streams
        sys.stdout = open(1, "w", encoding=enc, closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding=enc, errors="backslashreplace", closefd=False, buffering=1)  # noqa: SIM115
        code = _entry(prog)()
    except SystemExit as e:
        code = e.code
    except BaseException:  # noqa: BLE001 - as an uncaught exception would: a traceback, status 1
        traceback.print_exc()
        code = 1
    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001, S110 - a closed pipe at exit, as Python ignores it
        pass
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    os._exit(code & 0xFF)


def serve(address: str, bindir: str, parent: int) -> None:
    """Preload, listen at `address`, print `ready` on stdout, and fork a
    child per request until process `parent` (lit) is no longer ours."""
    import selectors
    import signal

    _preload()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("\0" + address)
    listener.listen(128)
    print("ready", flush=True)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    os.close(devnull)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ)
    sel.register(wake_r, selectors.EVENT_READ)
    children: dict[int, socket.socket] = {}
    cpu_log: dict[int, tuple[str, str, str]] = {}
    try:
        while os.getppid() == parent:
            for key, _ in sel.select(timeout=1.0):
                if key.fileobj is listener:
                    conn, _ = listener.accept()
                    try:
                        head, fds, _, _ = socket.recv_fds(conn, HEADER, 3)
                        body = b""
                        while len(body) < int(head):
                            body += conn.recv(int(head) - len(body)) or b"!"  # a vanished client: unmarshal fails
                        prog, argv, cwd, env = __import__("marshal").loads(body[: int(head)])
                    except (OSError, ValueError, EOFError, TypeError):
                        conn.close()
                        continue
                    pid = os.fork()
                    if pid == 0:
                        sel.close()
                        for other in (listener, conn, *children.values()):
                            other.close()
                        os.close(wake_r)
                        os.close(wake_w)
                        _child(prog, argv, cwd, env, fds, bindir)
                    for fd in fds:
                        os.close(fd)
                    if env.get("TWILLC_LIT_CPU_LOG"):  # lit.cfg's cpu-log param
                        cpu_log[pid] = (env["TWILLC_LIT_CPU_LOG"], env.get("TWILLC_LIT_CPU_CASE", "?"), prog)
                    children[pid] = conn
                    sel.register(conn, selectors.EVENT_READ, pid)
                elif key.fileobj == wake_r:
                    os.read(wake_r, 4096)
                else:  # a client closed its end before its child ended: lit gave up on it
                    sel.unregister(key.fileobj)
                    try:
                        os.killpg(key.data, signal.SIGKILL)
                    except OSError:
                        pass
            while children:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
                if pid == 0:
                    break
                if pid in cpu_log:
                    log, case, prog = cpu_log.pop(pid)
                    with open(log, "a") as f:
                        f.write(f"{usage.ru_utime + usage.ru_stime:.3f} {prog} {case}\n")
                conn = children.pop(pid, None)
                if conn is None:
                    continue
                try:
                    sel.unregister(conn)
                except KeyError:
                    pass
                try:
                    conn.sendall(b"%d\n" % status)
                except OSError:
                    pass
                conn.close()
    finally:
        for pid in children:
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2], int(sys.argv[3]))
