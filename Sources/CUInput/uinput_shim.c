#include "uinput_shim.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/uinput.h>

static int result(int rc) { return rc < 0 ? -errno : 0; }

int scan_uinput_enable_key(int fd, int code) {
    int rc = ioctl(fd, UI_SET_EVBIT, EV_KEY);
    if (rc < 0) return -errno;
    return result(ioctl(fd, UI_SET_KEYBIT, code));
}

int scan_uinput_create(int fd, const char *name) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = 0x5343;  // "SC"
    setup.id.product = 0x0001;
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0) return -errno;
    return result(ioctl(fd, UI_DEV_CREATE));
}

int scan_uinput_destroy(int fd) { return result(ioctl(fd, UI_DEV_DESTROY)); }
