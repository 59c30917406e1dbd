// A TypeDoc plugin for the SDK reference (typedoc.json): type aliases the sources derive from
// another declaration are documented as the type they stand for, so a reader sees fields and
// values instead of how they were computed:
// - `type X = z.infer<typeof X>` (zod's infer, output or input): the object with its fields;
// - `type Seniority = (typeof SENIORITY_LEVELS)[number]` and `keyof typeof X`: the union of values.
// A schema and its type share a name (`const Balance = z.object(...)`, `type Balance`): a type-only
// export of the name makes TypeDoc document the schema too, as a second alias of a zod type;
// that one is dropped (the schemas namespace documents the schemas themselves).
import { Converter, ReflectionKind, TypeScript as ts } from 'typedoc';

const ZOD_INFERENCES = new Set(['infer', 'output', 'input', 'TypeOf']);

/** Whether a type alias's written type is one this plugin replaces by what it resolves to. */
function derived(type) {
  if (!type) return false;
  if (type.type === 'reference') return type.package === 'zod' && ZOD_INFERENCES.has(type.qualifiedName);
  if (type.type === 'indexedAccess') return type.objectType.type === 'query';
  if (type.type === 'typeOperator') return type.operator === 'keyof' && type.target.type === 'query';
  return false;
}

/** Whether a type alias is a zod schema's own type (ZodMiniObject<...>): the schema documented a second time. */
const isSchemaType = (type) => type?.type === 'reference' && type.package === 'zod' && !ZOD_INFERENCES.has(type.qualifiedName);

/** @param {import('typedoc').Application} app */
export function load(app) {
  // Once every declaration is converted (a type alias has its type only then), before links resolve.
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    // One entry point, one program: the checker that resolves the aliases.
    context.setActiveProgram(context.programs[0]);
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.TypeAlias)) {
      if (isSchemaType(reflection.type)) {
        context.project.removeReflection(reflection);
        continue;
      }
      if (!derived(reflection.type)) continue;
      const declaration = context.getSymbolFromReflection(reflection)?.getDeclarations()?.find(ts.isTypeAliasDeclaration);
      if (declaration) reflection.type = context.converter.convertType(context, context.getTypeAtLocation(declaration));
    }
    context.setActiveProgram(undefined);
  });
}
