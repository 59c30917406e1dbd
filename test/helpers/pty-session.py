#!/usr/bin/env python3
"""
Runs a command in a pseudo-terminal sized like a person's window, types keys when the screen
shows given text, and prints what the terminal showed and how the command ended, as JSON.

Usage: pty-session.py SPEC_JSON
SPEC: {"argv": [...], "env": {...}, "cwd": "...", "cols": 100, "rows": 30,
       "steps": [{"when": "text on screen", "type": "\u0003"} or {"when": "...", "hangup": true}], "timeout_s": 60}
Out:  {"output": "...", "exit_code": int|null, "signal": int|null, "timed_out": bool, "steps_done": int}
"""
import fcntl, json, os, pty, select, signal, struct, sys, termios, time

spec = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    # The child's stdin is the terminal: give it a window size, as a terminal emulator does.
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", spec.get("rows", 30), spec.get("cols", 100), 0, 0))
    os.chdir(spec.get("cwd", os.getcwd()))
    os.execvpe(spec["argv"][0], spec["argv"], spec["env"])

deadline = time.monotonic() + spec.get("timeout_s", 60)
output = b""
seen_upto = 0
steps = spec.get("steps", [])
done = 0
timed_out = False
while True:
    left = deadline - time.monotonic()
    if left <= 0:
        timed_out = True
        os.kill(pid, signal.SIGKILL)
        break
    ready, _, _ = select.select([fd], [], [], min(left, 0.5))
    if ready:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        output += chunk
    if done < len(steps):
        when = steps[done]["when"].encode()
        at = output.find(when, seen_upto)
        if at >= 0:
            seen_upto = at + len(when)
            if steps[done].get("hangup"):
                # The window closes: the terminal hangs up on the command (SIGHUP, then EIO on writes).
                os.close(fd)
                done += 1
                break
            os.write(fd, steps[done]["type"].encode())
            done += 1

if done == len(steps) and steps and steps[-1].get("hangup"):
    # After the hang-up nothing more can be read; wait for the command to end, within the time left.
    while time.monotonic() < deadline:
        ended, status = os.waitpid(pid, os.WNOHANG)
        if ended:
            break
        time.sleep(0.05)
    else:
        timed_out = True
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
else:
    _, status = os.waitpid(pid, 0)
print(json.dumps({
    "output": output.decode("utf-8", "replace"),
    "exit_code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
    "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
    "timed_out": timed_out,
    "steps_done": done,
}))
