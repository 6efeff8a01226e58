import app from '@quire/contracts/locales/it/app.json';
import errors from '@quire/contracts/locales/it/errors.json';
import fields from '@quire/contracts/locales/it/fields.json';
import validation from '@quire/contracts/locales/it/validation.json';

export const bundle = { app, errors, validation, fields };
