#ifndef SCAN_V4L2_SHIM_H
#define SCAN_V4L2_SHIM_H

/* What Swift cannot do with V4L2: the VIDIOC_* request numbers are _IOWR()
 * macros, and libv4l2's v4l2_open/v4l2_ioctl are variadic. Everything else
 * (structs, enums, flags, fourcc arithmetic) Swift does itself.
 * The calls return -errno on failure so that no errno read races. */

#include <stddef.h>
#include <stdint.h>
#include <linux/videodev2.h>

int scan_v4l2_open(const char *path);               /* read-write, non-blocking */
int scan_v4l2_close(int fd);
int scan_v4l2_ioctl(int fd, unsigned long request, void *argument);
/* Maps a driver buffer read-write and shared into *start. */
int scan_v4l2_mmap(int fd, size_t length, int64_t offset, void **start);
int scan_v4l2_munmap(void *start, size_t length);

static const unsigned long SCAN_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long SCAN_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long SCAN_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long SCAN_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long SCAN_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long SCAN_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long SCAN_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long SCAN_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long SCAN_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long SCAN_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long SCAN_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long SCAN_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long SCAN_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long SCAN_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long SCAN_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long SCAN_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long SCAN_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

#endif
