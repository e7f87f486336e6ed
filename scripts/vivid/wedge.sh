#!/bin/sh
# The guest half of Tests/scanTests/Keyboard/KeyboardWedgeTests.swift: with
# uinput and evdev loaded, runs `./scan --type` on each clips/NAME.y4m (extra
# options in clips/NAME.args) and keeps the raw input events of its virtual
# keyboard (struct input_event) in results/NAME.events, with .out, .err, .rc.
set -u
modprobe uinput && modprobe evdev || exit 3
mkdir -p results
for clip in clips/*.y4m; do
    name=$(basename "$clip" .y4m)
    # shellcheck disable=SC2046
    timeout -s KILL 120 ./scan --input "$clip" --type $(cat "clips/$name.args" 2>/dev/null) \
        > "results/$name.out" 2> "results/$name.err" &
    scan=$!
    # The keyboard's node appears when scan creates it; the clip opens
    # with empty frames, so reading starts before the first key.
    device=""
    n=0
    while [ -z "$device" ] && [ $n -lt 200 ]; do
        for file in /sys/class/input/event*/device/name; do
            grep -q "scan keyboard wedge" "$file" 2>/dev/null && device=/dev/input/$(basename "$(dirname "$(dirname "$file")")")
        done
        n=$((n + 1))
        sleep 0.05
    done
    [ -n "$device" ] || echo "no keyboard appeared" >> "results/$name.err"
    cat "$device" > "results/$name.events" &
    reader=$!
    wait $scan
    echo $? > "results/$name.rc"
    kill $reader 2>/dev/null  # it ends by itself when scan removes the keyboard
done
exit 0
