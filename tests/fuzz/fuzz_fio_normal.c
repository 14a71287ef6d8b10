/* fuzz_fio_normal.c - libFuzzer harness for the fio-normal parser. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_format("fio-normal", data, size);
}
