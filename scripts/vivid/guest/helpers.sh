# Shell functions for the guest scripts (sourced as .vivid/helpers.sh, which
# scripts/vivid/run copies beside them). Results go to $R.

# now: seconds since boot (the driver's frame timestamps share this clock).
now() { cut -d' ' -f1 /proc/uptime; }

# mark NAME: notes in $R/timeline when NAME happened.
mark() { echo "$1 $(now)" >> $R/timeline; }

# await FILE PATTERN SECONDS: true once FILE holds PATTERN, false after SECONDS.
await() {
    n=$(($3 * 5))
    until grep -q "$2" "$1" 2>/dev/null; do
        [ $n -gt 0 ] || return 1
        n=$((n - 1))
        sleep 0.2
    done
}

# seen_since FILE UPTIME: how many codes in FILE were captured after UPTIME.
seen_since() {
    awk -v t="$2" -F'"timestamp":' 'NF > 1 && $2 + 0 > t { n++ } END { print n + 0 }' "$1"
}

# reads FILE UPTIME SECONDS: waits until 3 codes captured after UPTIME are
# in FILE, or $scan has ended.
reads() {
    n=$(($3 * 5))
    while [ "$(seen_since "$1" "$2")" -lt 3 ] && kill -0 $scan 2>/dev/null && [ $n -gt 0 ]; do
        n=$((n - 1))
        sleep 0.2
    done
}
