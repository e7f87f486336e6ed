# Shared by build-vm and run (sourced, not executed).

die() {
    echo "vivid: $*" >&2
    exit 2
}

repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=${VIVID_CACHE:-$repo/.build/vivid}
mkdir -p "$cache"

# copy_closure ROOT BINARY...: copies the shared libraries `ldd` lists for
# each binary (and the dynamic loader) into ROOT at the same absolute paths,
# so RUNPATHs such as Swift's /opt/swift/... resolve inside the VM too.
copy_closure() {
    root=$1
    shift
    for binary in "$@"; do
        [ -f "$binary" ] || die "no such binary: $binary"
        ldd "$binary" 2>/dev/null | awk '
            $2 == "=>" && $3 ~ /^\// { print $3 }
            $1 ~ /^\// { print $1 }'
    done | sort -u | while read -r lib; do
        mkdir -p "$root$(dirname "$lib")"
        cp -L "$lib" "$root$lib"
    done
}
