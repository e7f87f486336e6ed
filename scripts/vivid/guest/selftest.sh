#!/bin/sh
# Proves the loopback: injects a random GREY frame into /dev/video1 and
# checks that /dev/video0 returns it byte for byte (run by ../selftest).
set -u
width=${1:-640} height=${2:-480}
head -c $((width * height)) /dev/urandom > /tmp/frame.grey
streamer=$(vivid-loopback "$width" "$height" GREY /tmp/frame.grey) || exit 1
start=$(cut -d' ' -f1 /proc/uptime)
# The first frames may predate the injected image.
v4l2-ctl -d /dev/video0 --stream-mmap=4 --stream-skip=4 --stream-count=1 --stream-to=/tmp/captured.grey 2>/dev/null
end=$(cut -d' ' -f1 /proc/uptime)
kill "$streamer"
echo "selftest: captured 5 frames of ${width}x$height in $(echo "$end - $start" | bc) s, uptime $end s"
if cmp -s /tmp/frame.grey /tmp/captured.grey; then
    echo "selftest: loopback OK, the captured GREY frame equals the injected one"
else
    echo "selftest: FAIL, captured $(wc -c < /tmp/captured.grey) bytes that differ from the injected frame"
    exit 1
fi
