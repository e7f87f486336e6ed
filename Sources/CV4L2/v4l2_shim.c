#include "v4l2_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <libv4l2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

/* Unless told where to log, libv4l2 prints its own "libv4l2: error ..."
 * line on stderr for failed calls. Each failure reaches Swift as an errno
 * and is reported once, with the device and what to do, so libv4l2's copy
 * goes to /dev/null (LIBV4L2_LOG_FILENAME still logs everything, for
 * debugging). */
static pthread_once_t quiet_once = PTHREAD_ONCE_INIT;

static void quiet_libv4l2(void) {
    if (v4l2_log_file == NULL && getenv("LIBV4L2_LOG_FILENAME") == NULL) {
        v4l2_log_file = fopen("/dev/null", "we");
    }
}

int scan_v4l2_open(const char *path) {
    pthread_once(&quiet_once, quiet_libv4l2);
    int fd = v4l2_open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int scan_v4l2_close(int fd) {
    return v4l2_close(fd) < 0 ? -errno : 0;
}

int scan_v4l2_ioctl(int fd, unsigned long request, void *argument) {
    return v4l2_ioctl(fd, request, argument) < 0 ? -errno : 0;
}

int scan_v4l2_mmap(int fd, size_t length, int64_t offset, void **start) {
    *start = v4l2_mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
    return *start == MAP_FAILED ? -errno : 0;
}

int scan_v4l2_munmap(void *start, size_t length) {
    return v4l2_munmap(start, length) < 0 ? -errno : 0;
}
