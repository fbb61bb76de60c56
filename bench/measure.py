#!/usr/bin/env python3
"""Runs one command under /usr/bin/time -v and prints one JSON line: wall and CPU seconds
(user + system, the command and every child it waited for), the peak RSS GNU time reports
(of the largest single process), and the peak RSS of the whole process tree (sum over the
command and all its descendants, sampled every 20 ms from /proc). The tree figure is the
fair one for tools that fork workers (docsite's pre-render workers, webpack's minifier
workers); the single-process figure is what `/usr/bin/time -v` alone would show.

Usage: measure.py LABEL -- COMMAND [ARGS...]   (the command's output goes to stderr)"""
import json, os, re, subprocess, sys, threading, time

label, sep, *cmd = sys.argv[1:]
assert sep == "--" and cmd, __doc__

def tree_rss_kb(root):
    children = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(pid))
        except (OSError, IndexError, ValueError):
            pass
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, []))
        try:
            with open(f"/proc/{pid}/status") as f:
                m = re.search(r"^VmRSS:\s+(\d+)", f.read(), re.M)
            total += int(m.group(1)) if m else 0
        except OSError:
            pass
    return total

timefile = f"/tmp/measure-{os.getpid()}.time"
proc = subprocess.Popen(["/usr/bin/time", "-v", "-o", timefile, *cmd], stdout=sys.stderr, stderr=sys.stderr)
peak = 0
done = threading.Event()
def sample():
    global peak
    while not done.is_set():
        peak = max(peak, tree_rss_kb(proc.pid))
        time.sleep(0.02)
sampler = threading.Thread(target=sample, daemon=True)
sampler.start()
code = proc.wait()
done.set()
sampler.join()
with open(timefile) as f:
    report = f.read()
os.remove(timefile)
def field(name):
    return re.search(rf"^\s*{re.escape(name)}: (.+)$", report, re.M).group(1).strip()
wall_text = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
wall = 0.0
for part in wall_text.split(":"):
    wall = wall * 60 + float(part)
print(json.dumps({
    "label": label,
    "exit": code,
    "wall_s": round(wall, 2),
    "cpu_s": round(float(field("User time (seconds)")) + float(field("System time (seconds)")), 2),
    "max_rss_mb": round(int(field("Maximum resident set size (kbytes)")) / 1024, 1),
    "tree_rss_mb": round(peak / 1024, 1),
}), flush=True)
sys.exit(code)
