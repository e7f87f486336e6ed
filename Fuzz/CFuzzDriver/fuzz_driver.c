#include "fuzz_driver.h"

#include <stdio.h>

/* libFuzzer's entry point for programs that keep their own main. */
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

int fuzz_driver_run(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size)) {
    if (LLVMFuzzerRunDriver == NULL) {
        fprintf(stderr, "%s: built without libFuzzer; scripts/fuzz TARGET SECONDS builds it "
                        "(-Xswiftc -sanitize=fuzzer,address) and runs it\n",
                argc > 0 ? argv[0] : "fuzz");
        return 2;
    }
    return LLVMFuzzerRunDriver(&argc, &argv, test_one_input);
}
