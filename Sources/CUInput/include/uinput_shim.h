#ifndef SCAN_UINPUT_SHIM_H
#define SCAN_UINPUT_SHIM_H

// The uinput ioctls are macros Swift cannot call. Each function returns 0,
// or -errno (EINTR included: the Swift caller retries).
int scan_uinput_enable_key(int fd, int code);
int scan_uinput_create(int fd, const char *name);
int scan_uinput_destroy(int fd);

#include <linux/input.h>  // struct input_event, EV_KEY, SYN_REPORT for Swift

#endif
