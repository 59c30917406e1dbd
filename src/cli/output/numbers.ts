export { counted, formatCount } from '../../workflows/counts.js';
