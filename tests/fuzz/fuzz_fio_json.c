/* fuzz_fio_json.c - libFuzzer harness for the fio-json parser. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_format("fio-json", data, size);
}
