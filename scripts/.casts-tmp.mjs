import ts from 'typescript';
import fs from 'node:fs';
import path from 'node:path';
const root = process.argv[2];
const list = process.argv.includes('--list');
let count = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name)) {
      const source = ts.createSourceFile(
        full,
        fs.readFileSync(full, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        entry.name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      );
      const visit = (node) => {
        if (
          (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
          !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const')
        ) {
          count++;
          if (list)
            console.log(
              `${path.relative(root, full)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().replace(/\s+/g, ' ').slice(0, 110)}`,
            );
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
}
walk(path.join(root, 'app'));
console.log('casts', count);
