#!/bin/sh
# The guest half of Tests/scanTests/Camera/VividCameraTests.swift: runs every
# camera scenario in one boot of the vivid VM (`scripts/vivid/run`) and leaves
# each command's stdout, stderr and exit code in results/NAME.out, .err, .rc
# for the Swift tests to judge. Reads ./scan, frames/format-FOURCC-WxH.raw
# (one per pixel format and size) and frames/before.grey, frames/after.grey
# (640x480 GREY). Every scan is bounded in time: a hang shows as exit 137.
set -u
. .vivid/helpers.sh
R=results
cap=/dev/video0
out=/dev/video1
mkdir -p $R
# Streamed from RAM: read from the 9p share at 60 fps, big frames starve
# the emulated machine.
cp -r frames /tmp/frames
: > $R/timeline
grey="--device $cap --pixel-format GREY --size 640x480 --format json"

# run NAME SECONDS COMMAND...: COMMAND, killed if it outlives SECONDS.
run() {
    name=$1 limit=$2
    shift 2
    mark "$name"
    timeout -s KILL "$limit" "$@" > $R/"$name".out 2> $R/"$name".err
    echo $? > $R/"$name".rc
}

# start NAME SCAN-ARG...: scan in the background; its pid in $scan.
start() {
    name=$1
    shift
    mark "$name"
    : > $R/"$name".out
    ./scan "$@" >> $R/"$name".out 2> $R/"$name".err &
    scan=$!
}

# stop NAME: SIGINT to $scan; its exit code (137: ignored SIGINT for 15 s).
stop() {
    kill -INT $scan 2>/dev/null
    (sleep 15 && kill -KILL $scan 2>/dev/null) &
    watchdog=$!
    wait $scan
    echo $? > $R/"$1".rc
    kill $watchdog 2>/dev/null
}

# loop WIDTH HEIGHT FOURCC FRAME: shows FRAME through vivid's loopback.
# stream FRAME: shows another frame of the same format and size.
# Each waits until the previous streamer has let go of the output node.
streamer=""
unstream() {
    [ -n "$streamer" ] || return 0
    kill $streamer 2>/dev/null
    while kill -0 $streamer 2>/dev/null; do sleep 0.1; done
    streamer=""
}
loop() {
    unstream
    streamer=$(vivid-loopback "$@") || { echo "scenarios: vivid-loopback $* failed" >&2; streamer=""; }
}
stream() {
    unstream
    v4l2-ctl -d $out --stream-out-mmap=4 --stream-from="$1" --stream-loop >/dev/null 2>&1 &
    streamer=$!
}
# 2. Listings, on vivid's default webcam input (which lists frame sizes).
run list-devices 30 ./scan --list-devices
run list-formats 30 ./scan --device $cap --list-formats
run list-controls 30 ./scan --device $cap --list-controls
# 7. Not a capture device: vivid's output node.
run not-capture 30 ./scan --device $out --oneshot

# 1. Every pixel format and size, each scanned once.
for frame in /tmp/frames/format-*.raw; do
    case=${frame#/tmp/frames/format-}
    case=${case%.raw}
    fourcc=${case%-*} size=${case#*-}
    loop "${size%x*}" "${size#*x}" "$fourcc" "$frame"
    # Generous: the emulated machine on a loaded host took 26 s to read a
    # 1280x720 frame and was killed at 40 s, before it could exit.
    run "format-$case" 90 ./scan --device $cap --pixel-format "$fourcc" --size "$size" --oneshot --format json
done

loop 640 480 GREY /tmp/frames/before.grey
# 3. Controls on the HDMI input, whose brightness range differs: a value a
# quarter into it, and a control vivid does not have.
run controls-hdmi 30 ./scan --device $cap --list-controls
range=$(sed -n 's/^ *brightness (int) min=\(-*[0-9]*\) max=\(-*[0-9]*\).*/\1 \2/p' $R/controls-hdmi.out)
set -- $range
value=$(($1 + ($2 - $1) / 4))
echo "$value" > $R/control.value
start control $grey --control brightness="$value" --control no_such_control=1
await $R/control.out appeared 40
v4l2-ctl -d $cap --get-ctrl brightness > $R/control-readback.out 2>&1
# 7. Busy: a second scan while the first streams.
run busy 30 ./scan $grey --oneshot
stop control

# 6. Recording: a few seconds of live frames, replayed on the host.
start record $grey --record $R/record.y4m
await $R/record.out appeared 40
sleep 3
stop record

# 5. Driver faults. REQBUFS and STREAMON fail when scan opens the camera;
# the others strike mid-stream. vivid arms each for the next call on any of
# its nodes, so the streamer pauses while the fault strikes scan (a fatal
# error would stop it anyway). Every frame is reported; fault-NAME.mark holds
# the uptime once the fault is armed, to tell the codes read after it.
for fault in vidioc_reqbufs vidioc_streamon; do
    v4l2-ctl -d $cap --set-ctrl inject_${fault}_error=1
    echo 0 > $R/"fault-$fault".mark
    start "fault-$fault" $grey --dedup every-frame
    reads $R/"fault-$fault".out 0 30
    stop "fault-$fault"
done
for fault in vidioc_qbuf v4l2_buf_flag fatal_streaming; do
    start "fault-$fault" $grey --dedup every-frame
    await $R/"fault-$fault".out appeared 40
    unstream
    v4l2-ctl -d $cap --set-ctrl inject_${fault}_error=1
    now > $R/"fault-$fault".mark
    sleep 1
    stream /tmp/frames/before.grey
    reads $R/"fault-$fault".out "$(cat $R/"fault-$fault".mark)" 30
    stop "fault-$fault"
done

# 8. The checkout sample, embedding the library, bills the product shown.
unstream
stream /tmp/frames/product.grey
mark checkout
./checkout --device $cap --pixel-format GREY --size 640x480 --prices prices.csv > $R/checkout.out 2> $R/checkout.err &
scan=$!
await $R/checkout.out "Tomato soup" 40
stop checkout
unstream
stream /tmp/frames/before.grey

# 9. Restart: start, stop, start on one session. A second handle finds the
# device busy while the session runs and free once stop() has returned.
run restart 90 ./session-restart --device $cap --pixel-format GREY --size 640x480

# 4. Unplug while scanning: vivid's device returns once every handle on it
# is closed (scan's and the streamer's), then shows another code.
start hotplug $grey
await $R/hotplug.out appeared 40
mark unplug
v4l2-ctl -d $cap --set-ctrl disconnect=1
await $R/hotplug.out camera-lost 20
unstream
n=100
until v4l2-ctl -d $out --get-output >/dev/null 2>&1 || [ $n -eq 0 ]; do
    n=$((n - 1))
    sleep 0.2
done
stream /tmp/frames/after.grey
await $R/hotplug.out "vivid after replug" 40
stop hotplug

# 7. Permission denied: an unprivileged user, the node readable by root only.
mkdir -p /etc
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >> /etc/passwd
echo "nogroup:x:65534:" >> /etc/group
chmod 600 $cap
run permission 30 su -p -s /bin/sh -c "./scan --device $cap --oneshot" nobody
run permission-default 30 su -p -s /bin/sh -c "./scan --oneshot" nobody

unstream
mark end
exit 0
