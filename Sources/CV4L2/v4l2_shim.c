#include "v4l2_shim.h"
