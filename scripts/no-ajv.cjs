// Stands in for the MCP SDK's Ajv validator in the built server, which passes its own (src/mcp/form-validator.ts).
exports.AjvJsonSchemaValidator = class {
  constructor() {
    throw new Error('prospect mcp: the Ajv validator is not bundled; pass jsonSchemaValidator');
  }
};
