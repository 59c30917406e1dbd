import type { jsonSchemaValidator, JsonSchemaValidatorResult } from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * The check the MCP SDK makes of what a person answered to an elicitation. The server asks
 * only for an approval (a form with no fields), so an answer is valid when it is an object.
 * The SDK's default, Ajv, costs the server's start-up about 150 KB of code that nothing else
 * uses (the build leaves it out; bench/README.md).
 */
export const approvalFormValidator: jsonSchemaValidator = {
  getValidator:
    <T>() =>
    (input: unknown): JsonSchemaValidatorResult<T> =>
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: 'the answer is not an object' },
};
