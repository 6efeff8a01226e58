import app from '@quire/contracts/locales/en/app.json';
import errors from '@quire/contracts/locales/en/errors.json';
import fields from '@quire/contracts/locales/en/fields.json';
import validation from '@quire/contracts/locales/en/validation.json';

export const bundle = { app, errors, validation, fields };
