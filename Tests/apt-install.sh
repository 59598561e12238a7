#!/usr/bin/env bash
# Tests/apt-install.sh NAME PACKAGE...: installs Debian packages for NAME
# (test.sh, check.sh) with apt-get, quietly, as root, waiting for another
# program's apt or dpkg run to finish first instead of failing at once with
# "Could not get lock".
#
# apt and dpkg lock their files with fcntl (F_SETLK), which the kernel drops
# when the holder ends; a program holding one is running now. Each lock is
# tried the same way; while one is held this says once who holds it, and
# waits up to REORDER_APT_LOCK_WAIT seconds (300); then it fails with exit 2
# and the reason. apt-get is given the same time (-o DPkg::Lock::Timeout)
# for a lock taken in the instant between the check and its start.
#
#   REORDER_APT_LOCKS      the lock files to wait for (space-separated); the
#                          default is apt's and dpkg's own
#   REORDER_APT_LOCK_WAIT  seconds to wait for them (300)
#   REORDER_APT_DRY_RUN=1  wait for the locks, then print the apt-get
#                          commands instead of running them (for the tests)
set -euo pipefail
name=$1
shift
wait_seconds=${REORDER_APT_LOCK_WAIT:-300}
locks=${REORDER_APT_LOCKS:-/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock}

status=0
python3 - "$name" "$wait_seconds" $locks <<'PY' || status=$?
import errno, fcntl, os, struct, sys, time

name, wait_seconds, locks = sys.argv[1], float(sys.argv[2]), sys.argv[3:]


def holder(fd):
    """The process holding a write lock on fd, as F_GETLK reports it: (pid, its name), or None."""
    # struct flock on Linux x86-64 and arm64: short type, short whence, off_t start, off_t len, pid_t pid.
    request = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, 0, 0, 0)
    answer = fcntl.fcntl(fd, fcntl.F_GETLK, request + b"\0" * 4)
    kind, _, _, _, pid = struct.unpack("hhqqi", answer[:struct.calcsize("hhqqi")])
    if kind == fcntl.F_UNLCK:
        return None
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return pid, comm.read().strip()
    except OSError:
        return pid, "?"


deadline = time.monotonic() + wait_seconds
said = False
for path in locks:
    try:
        fd = os.open(path, os.O_RDWR)
    except (FileNotFoundError, PermissionError):
        continue
    try:
        while True:
            held = holder(fd)
            if held is None:
                break
            pid, command = held
            if time.monotonic() >= deadline:
                print(f"{name}: {path} is still locked by process {pid} ({command}) after {wait_seconds:g} s: "
                      f"another apt-get or dpkg is running; let it finish (or stop it), then try again",
                      file=sys.stderr)
                sys.exit(2)
            if not said:
                print(f"{name}: {path} is locked by process {pid} ({command}); waiting up to {wait_seconds:g} s for it",
                      file=sys.stderr, flush=True)
                said = True
            time.sleep(0.2)
    finally:
        os.close(fd)
PY
[ "$status" = 0 ] || exit "$status"

apt=(apt-get -o "DPkg::Lock::Timeout=${wait_seconds%.*}")
if [ -n "${REORDER_APT_DRY_RUN:-}" ]; then
    echo "${apt[*]} update -qq"
    echo "${apt[*]} install -y -qq --no-install-recommends $*"
    exit 0
fi
echo "$name: installing Debian packages: $*" >&2
log=$(mktemp)
if ! { "${apt[@]}" update -qq && "${apt[@]}" install -y -qq --no-install-recommends "$@"; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "$name: apt-get could not install: $*" >&2
    exit 2
fi
rm -f "$log"
