#include "v4l2_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <libv4l2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/videodev2.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

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

/* libv4l2's open asks VIDIOC_QUERYCAP and, on a node that is not V4L2
 * (/dev/null), prints "Failed to query video capabilities" on stderr whatever
 * its log file. So the node is opened and asked here first, and only a V4L2
 * node is handed to libv4l2, which is what v4l2_open does itself. */
int scan_v4l2_open(const char *path) {
    pthread_once(&quiet_once, quiet_libv4l2);
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return -errno;
    }
    struct v4l2_capability capability;
    if (ioctl(fd, VIDIOC_QUERYCAP, &capability) < 0 || v4l2_fd_open(fd, 0) < 0) {
        int code = errno;
        close(fd);
        return -code;
    }
    return fd;
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
