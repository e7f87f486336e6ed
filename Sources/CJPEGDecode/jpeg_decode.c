#include "jpeg_decode.h"
