#include <linux/videodev2.h>
#include <libv4l2.h>
