#include "v4l2_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <libv4l2.h>
#include <sys/mman.h>

int scan_v4l2_open(const char *path) {
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
