#!/bin/sh
# The guest half of Tests/scanTests/Preview/VividPreviewTests.swift:
# `scan --preview` on vivid's /dev/video0, in a window on an Xvfb inside the
# VM, driven with xdotool. Needs `run --host-system`: X, xdotool,
# ImageMagick and ./scan run on the host's userspace (guest helper
# host-system) with the guest's kernel and vivid. Reads frames/preview.grey
# (640x480 GREY); leaves in results/ NAME.out, .err and .rc per scan, the
# uptime after the last key (keys.mark), screenshots of the window
# (preview-N.xwd), the gain read back (gain.out) and when each step ended
# (timeline, in uptime seconds).
set -u
if [ "${1:-}" != inside ]; then
    # The initramfs half: show the code through the loopback, from RAM.
    cp frames/preview.grey /tmp/preview.grey
    streamer=$(vivid-loopback 640 480 GREY /tmp/preview.grey) || exit 1
    # A camera of ~6 fps rather than 60: decoding every frame would starve
    # the preview's painter (at nice 19) of the emulated machine's CPU.
    v4l2-ctl -d /dev/video0 --set-ctrl percentage_of_dropped_buffers=90
    host-system /bin/sh .vivid/guest.sh inside
    status=$?
    kill "$streamer"
    exit $status
fi

. .vivid/helpers.sh
R=results
mkdir -p $R

# key KEY LINE: presses KEY in the window and waits for scan's LINE.
key() {
    xdotool key --window "$window" "$1"
    await $R/preview.err "$2" 60 || echo "preview.sh: no '$2' after key $1" >> $R/guest.log
}

mark start
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3> $R/display 2> $R/xvfb.log &
xvfb=$!
# While Xvfb starts, a scan without a window asks for the manual focus and
# exposure vivid lacks: each is warned of, and the code still read.
timeout -s KILL 60 ./scan --device /dev/video0 --pixel-format GREY --size 640x480 --format json --oneshot \
    --focus 30 --exposure 100 > $R/manual.out 2> $R/manual.err
echo $? > $R/manual.rc
mark manual
await $R/display . 120 || { echo "preview.sh: Xvfb did not start" >&2; cat $R/xvfb.log >&2; exit 3; }
export DISPLAY=":$(cat $R/display)"
mark xvfb

# Every frame's code is printed (--dedup every-frame), to tell that frames
# captured after the keys were still read. The camera settings go through
# the library's feature calls at start: vivid has gain, and no focus,
# exposure mode, torch or zoom control.
timeout -s KILL 300 ./scan --device /dev/video0 --pixel-format GREY --size 640x480 --format json --dedup every-frame \
    --preview --focus auto --exposure auto --gain 50 --torch on --zoom 2 > $R/preview.out 2> $R/preview.err &
scan=$!
window=$(timeout 120 xdotool search --sync --onlyvisible --name '^scan: ' | head -n 1)
mark window
if [ -n "$window" ] && await $R/preview.out appeared 120; then
    mark appeared
    # A click at the code's centre, then f, t, + and -.
    xdotool mousemove --window "$window" 320 240 click 1
    await $R/preview.err "focus at" 60 || echo "preview.sh: no focus line after the click" >> $R/guest.log
    key f "autofocus not supported"
    key t "torch not supported"
    key plus "digital zoom 2.50x"
    key minus "digital zoom 2.00x"
    keys=$(now)
    echo "$keys" > $R/keys.mark
    mark keys
    reads $R/preview.out "$keys" 60
    # The painter draws at nice 19 and under emulation lags the decoding:
    # three screenshots 1 s apart, for the test to find the frames drawn
    # since the keys. xwd, as ImageMagick's import takes ~10 s here.
    for shot in 1 2 3; do
        sleep 1
        xwd -silent -id "$window" > $R/preview-$shot.xwd 2>> $R/guest.log
    done
    mark shots
    v4l2-ctl -d /dev/video0 --get-ctrl gain > $R/gain.out 2>&1
    # The press alone: the window closes on it, before a release could go.
    xdotool keydown --window "$window" q
else
    echo "preview.sh: no window (${window:-none}) or no code read" >> $R/guest.log
fi
wait $scan
echo $? > $R/preview.rc
mark quit

kill $xvfb
exit 0
