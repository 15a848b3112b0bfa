#!/usr/bin/env bash
# make test-fresh: a clean clone of the committed HEAD runs `make $FRESH_TARGETS` (default:
# demo test) in a throwaway Debian root, as on a fresh machine of the project's kind: Debian
# 12 (minbase) with the machine's base packages, the Swift toolchain bound in read-only at
# /opt/swift, nothing else. The root is made with mmdebstrap from the Debian archive the host
# reaches, runs in its own mount and process namespaces (every process in it ends with it),
# and is removed afterwards, whatever happened.
#
#     tools/test_fresh.sh "MACHINE BASE PACKAGES" [TARGET ...]
set -euo pipefail

base=$1
shift
targets=${*:-demo test}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
commit=$(git -C "$repo" rev-parse --short HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
	echo "test-fresh: the checkout has uncommitted changes; test-fresh tries the commit $commit without them" >&2
fi
[ -x /opt/swift/usr/bin/swift ] || { echo "test-fresh: no Swift toolchain at /opt/swift" >&2; exit 2; }

root=$(mktemp -d "${TMPDIR:-/var/tmp}/pinrender-fresh.XXXXXX")
cleanup() {
	# The mounts belong to the namespace of the run below and went with it; remove the files.
	rm -rf --one-file-system "$root"
}
trap cleanup EXIT

started=$(date +%s)
say() { echo "test-fresh: $(( $(date +%s) - started )) s: $*" >&2; }

say "making a Debian 12 root in $root"
# The machine's own certificate authorities (a proxy on the way to PyPI may sign with one)
# are part of its network, not of any package: the root trusts them too.
mmdebstrap --quiet --variant=minbase --include="$(echo $base | tr ' ' ',')" \
	--customize-hook='mkdir -p "$1/usr/local/share/ca-certificates"' \
	--customize-hook='[ -z "$(ls /usr/local/share/ca-certificates)" ] || cp -r /usr/local/share/ca-certificates/. "$1/usr/local/share/ca-certificates/"' \
	--customize-hook='chroot "$1" update-ca-certificates --fresh >/dev/null' \
	bookworm "$root" \
	"deb http://deb.debian.org/debian bookworm main" \
	"deb http://deb.debian.org/debian bookworm-updates main" \
	"deb http://deb.debian.org/debian-security bookworm-security main"

say "cloning $commit"
git clone --quiet --no-local "$repo" "$root/root/pinrender"
git -C "$root/root/pinrender" checkout --quiet "$commit"
mkdir -p "$root/opt/swift"
cp /etc/resolv.conf "$root/etc/resolv.conf"

say "running make $targets in the root"
status=0
unshare --mount --pid --fork --kill-child bash -euo pipefail -c '
	root=$1; targets=$2
	mount --make-rprivate /
	mount --bind /opt/swift "$root/opt/swift"
	mount -o remount,bind,ro "$root/opt/swift"
	mount -t proc proc "$root/proc"
	mount -t sysfs sysfs "$root/sys"
	mount --rbind /dev "$root/dev"
	mount -t tmpfs tmpfs "$root/dev/shm"
	mount -t tmpfs tmpfs "$root/tmp"
	exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
		PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		bash -c "cd /root/pinrender && make $targets"
' test-fresh "$root" "$targets" || status=$?

if [ $status -eq 0 ]; then
	say "make $targets passed on a fresh Debian root (commit $commit)"
else
	say "make $targets FAILED with status $status on a fresh Debian root (commit $commit)"
fi
exit $status
