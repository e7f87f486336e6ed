#include "zxing_bridge.h"
