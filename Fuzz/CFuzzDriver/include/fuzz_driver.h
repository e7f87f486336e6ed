#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/* Runs libFuzzer over `test_one_input` with the process's arguments, when the
 * harness was built with -sanitize=fuzzer; otherwise prints how to build it
 * and returns 2. The reference to libFuzzer is weak, so that a plain
 * `swift build` links these executables too. */
int fuzz_driver_run(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
